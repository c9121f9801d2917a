import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { paths } from './paths';

describe('paths', () => {
  it('names the 21 routes of the seed (docs/product/routes-and-guards.md), the Flags inbox (issue 16), My Files (issue 25) and the LTI deep-link picker (issue 29) once', () => {
    expect(Object.keys(paths)).toHaveLength(24);
    expect(new Set(Object.values(paths).map((p) => p.pattern)).size).toBe(24);
  });

  it('builds addresses that match their own patterns', () => {
    const run = { id: 'b 1', shared: true, res: 'new', uid: 'builtin', sid: 'none' };
    const cases: [string, string][] = [
      [paths.home.pattern, paths.home.to('TutorBot')],
      [paths.docBotAddEdit.pattern, paths.docBotAddEdit.to({ id: 'new', shared: false, aec: 'add', uid: 'u1', sid: 'none' })],
      [paths.runChatBot.pattern, paths.runChatBot.to(run)],
      [paths.runStudentTutorBot.pattern, paths.runStudentTutorBot.to({ ...run, asid: 'a1' })],
    ];
    for (const [pattern, address] of cases) expect(matchPath(pattern, address)).not.toBeNull();
    expect(paths.runChatBot.to(run)).toBe('/run-chat-bot/b%201/true/new/builtin/none');
    expect([paths.flags.to(), paths.flags.to('a b')]).toEqual(['/flags', '/flags?flag=a%20b']);
    expect([paths.ltiDeepLink.to(), paths.ltiDeepLink.to('a.b+c')]).toEqual(['/lti/deep-link', '/lti/deep-link?request=a.b%2Bc']);
  });
});
