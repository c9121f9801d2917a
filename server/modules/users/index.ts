// The users module's front door: the only file other server code imports from this module.
export { createPasswordUser, findUserByEmail, setPassword } from './users.service';
