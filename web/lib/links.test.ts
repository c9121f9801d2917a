import { describe, expect, it } from 'vitest';
import { studentPageHref, teachAssignmentsHref } from './links';

describe('links', () => {
  it('names what the assignments page shows in its query string, leaving out what is not set', () => {
    expect(teachAssignmentsHref()).toBe('/teachAssignments');
    expect(teachAssignmentsHref({ assignment: 'a1' })).toBe('/teachAssignments?assignment=a1');
    expect(teachAssignmentsHref({ assignment: 'a1', record: 'r 2' })).toBe('/teachAssignments?assignment=a1&record=r+2');
    expect(teachAssignmentsHref({ assignment: null, bot: 'b&1' })).toBe('/teachAssignments?bot=b%261');
  });

  it("opens a student's page over My Students, in their class when known", () => {
    expect(studentPageHref('e1')).toBe('/mystudents?student=e1');
    expect(studentPageHref('e1', 'c1')).toBe('/mystudents?class=c1&student=e1');
  });
});
