// Behaviour: a premium teacher, opening each route, ends up where the guards of docs/product/routes-and-guards.md#guard-order send them.
// One file per kind of user, so the route matrix spreads over the workers (docs/decisions/230).
import { describeRoutesFor } from '../fixtures/routeExpectations';

describeRoutesFor(['premium teacher']);
