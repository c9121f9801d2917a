// Behaviour: each kind of teacher (free, premium, school, school admin, support), opening each route, ends up where the guards of docs/product/routes-and-guards.md#guard-order send them.
import { describeRoutesFor } from './fixtures/routeExpectations';

describeRoutesFor(['free teacher', 'premium teacher', 'school teacher', 'school admin', 'support']);
