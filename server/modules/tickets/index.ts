// The tickets module's front door: the only file other server code imports from this module.
export { supportTicketRoutes, ticketRoutes } from './tickets.routes';
export { openTicketIn } from './tickets.service';
