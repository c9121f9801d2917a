// The ai feature's front door: what other features may use (docs/decisions/284-web-feature-front-doors.md).
export { aiStatusQuery } from './api/aiStatus';
export { imageUrl, useGenerateImage } from './api/generateImage';
