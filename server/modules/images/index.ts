// The images module's front door: the only file other server code imports from this module.
export { adoptLegacyImages } from './images.legacy';
export { imageRoutes } from './images.routes';
