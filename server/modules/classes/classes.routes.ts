import { z } from 'zod';
import { Hono } from 'hono';
import {
  addStudentsInput,
  createClassInput,
  importRosterInput,
  joinClassInput,
  joinCodeInput,
  pasteStudentsInput,
  updateClassInput,
} from '../../../contract/classes';
import type { AppContext, AppEnv } from '../../core/context';
import { checkInput, clientIp, readJson, requireUser } from '../../core/context';
import { parsePastedStudents } from '../../../contract/roster';
import { notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import { joinClassLimited } from './classes.join-limit';
import { classesPremiumRequired, idParam, requireClassActor, requireClassOwner } from './classes.policy';
import { withRosterRoom } from './classes.roster-limit';
import { inviteAgain, startInvitations } from './classes.invitations';
import {
  addStudents,
  createClass,
  deleteClass,
  getClass,
  importRoster,
  listClasses,
  listStudents,
  pasteStudents,
  refuseOversizedImport,
  removeStudent,
  setJoinCode,
  updateClass,
} from './classes.service';

/**
 * /api/classes: a premium teacher's classes and rosters (My Students), and a student's join by
 * code. Each handler: session and role, validation, service (scoped to the owner), presenter.
 * What only reduces (deleting a class, removing a student, turning joining off) the owner may do
 * even when their plan has lapsed.
 */
const db = (c: AppContext) => c.get('deps').database.db;
/** Where added entries get their assignment records (AppDeps.hooks). */
const entriesAdded = (c: AppContext) => c.get('deps').hooks.rosterEntriesAdded;

export function classesRoutes() {
  const app = new Hono<AppEnv>();

  // Any signed-in person with a verified address; declared before /:id so "join" is not an id.
  app.post('/join', async (c) => {
    const user = await requireUser(c);
    const input = await readJson(c, joinClassInput);
    return c.json(await joinClassLimited(db(c), user, input, c.get('deps').config, clientIp(c), entriesAdded(c)));
  });

  app.get('/', async (c) => {
    const actor = await requireClassActor(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await listClasses(db(c), actor));
  });

  app.post('/', async (c) => {
    const actor = await requireClassActor(c);
    const input = await readJson(c, createClassInput);
    return c.json(await createClass(db(c), actor, input), 201);
  });

  // Declared before /:id routes so "import" is never read as an id.
  app.post('/import', async (c) => {
    const actor = await requireClassActor(c);
    const body = await readJson(c, z.unknown());
    refuseOversizedImport(body);
    const input = checkInput(importRosterInput, body);
    const result = await withRosterRoom(
      db(c),
      actor,
      input.dryRun ? 0 : input.rows.length,
      () => importRoster(db(c), actor, input, entriesAdded(c)),
      (r) => r.added,
    );
    return c.json(result, result.written ? 201 : 200);
  });

  app.get('/:id', async (c) => {
    const actor = await requireClassActor(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await getClass(db(c), actor, idParam(c.req.param('id'))));
  });

  app.patch('/:id', async (c) => {
    const actor = await requireClassActor(c);
    const id = idParam(c.req.param('id'));
    const input = await readJson(c, updateClassInput);
    return c.json(await updateClass(db(c), actor, id, input));
  });

  app.delete('/:id', async (c) => {
    const actor = await requireClassOwner(c);
    await deleteClass(db(c), actor, idParam(c.req.param('id')));
    return c.body(null, 204);
  });

  app.put('/:id/join-code', async (c) => {
    const actor = await requireClassOwner(c);
    const id = idParam(c.req.param('id'));
    const input = await readJson(c, joinCodeInput);
    // Turning joining off only reduces; a new code lets students in, which takes Premium.
    if (input.enabled && !actor.premium) throw classesPremiumRequired();
    return c.json(await setJoinCode(db(c), actor, id, input.enabled));
  });

  app.get('/:id/students', async (c) => {
    const actor = await requireClassActor(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await listStudents(db(c), actor, idParam(c.req.param('id'))));
  });

  app.post('/:id/students', async (c) => {
    const actor = await requireClassActor(c);
    const id = idParam(c.req.param('id'));
    const input = await readJson(c, addStudentsInput);
    const result = await withRosterRoom(
      db(c),
      actor,
      input.students.length,
      () => addStudents(db(c), actor, id, input, entriesAdded(c)),
      (r) => r.added.length,
    );
    // Only the entries this request made: a retried add invites nobody twice.
    const invited = input.invite ? startInvitations(c.get('deps'), id, result.added) : 0;
    return c.json({ ...result, invited }, 201);
  });

  // A pasted list: the good lines are added, the bad ones answered with why (201 when any was added).
  app.post('/:id/students/paste', async (c) => {
    const actor = await requireClassActor(c);
    const id = idParam(c.req.param('id'));
    const input = await readJson(c, pasteStudentsInput);
    const result = await withRosterRoom(
      db(c),
      actor,
      parsePastedStudents(input.text).students.length,
      () => pasteStudents(db(c), actor, id, input, entriesAdded(c)),
      (r) => r.added.length,
    );
    const invited = input.invite ? startInvitations(c.get('deps'), id, result.added) : 0;
    return c.json({ ...result, invited }, 201);
  });

  // "Send again": one student's invitation, bounded a day per student and per teacher (decision 282).
  app.post('/:id/students/:studentId/invite', async (c) => {
    const actor = await requireClassActor(c);
    const id = idParam(c.req.param('id'));
    const studentId = idParam(c.req.param('studentId'), () => notFound(message('studentNotFound')));
    return c.json(await inviteAgain(c.get('deps'), actor, id, studentId));
  });

  app.delete('/:id/students/:studentId', async (c) => {
    const actor = await requireClassOwner(c);
    const id = idParam(c.req.param('id'));
    const studentId = idParam(c.req.param('studentId'), () => notFound(message('studentNotFound')));
    await removeStudent(db(c), actor, id, studentId);
    return c.body(null, 204);
  });

  return app;
}
