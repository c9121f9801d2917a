import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { addSchoolTeacher, createSchool, updateSchool } from '../operator/schools.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/school', () => {
  it('gives a school member their licence with its logo, and nobody else', async () => {
    await createSchool(ctx.database.db, { name: 'Maple High', domains: ['maple.edu'] });
    await addSchoolTeacher(ctx.database.db, { domain: 'maple.edu', email: 'kim@maple.edu' });
    await updateSchool(ctx.database.db, { domain: 'maple.edu', logoUrl: 'https://maple.edu/logo.png' });
    const { client } = await signedIn(ctx, { email: 'kim@maple.edu' });
    expect((await client.json('GET', '/api/school')).body).toMatchObject({
      name: 'Maple High',
      domain: 'maple.edu',
      logoUrl: 'https://maple.edu/logo.png',
    });

    const outsider = await signedIn(ctx, { email: 'pat@elsewhere.org' });
    expect((await outsider.client.get('/api/school')).status).toBe(404);
    expect((await new TestClient(ctx).get('/api/school')).status).toBe(401);
  });

  it('accepts only https logo addresses', async () => {
    await createSchool(ctx.database.db, { name: 'Birch', domains: ['birch.edu'] });
    await expect(updateSchool(ctx.database.db, { domain: 'birch.edu', logoUrl: 'javascript:alert(1)' })).rejects.toMatchObject({
      options: { fields: { logoUrl: expect.stringMatching(/https/) as unknown } },
    });
    await expect(updateSchool(ctx.database.db, { domain: 'birch.edu', logoUrl: 'http://birch.edu/l.png' })).rejects.toMatchObject({
      options: { fields: { logoUrl: expect.stringMatching(/https/) as unknown } },
    });
    const cleared = await updateSchool(ctx.database.db, { domain: 'birch.edu', logoUrl: null });
    expect(cleared.logoUrl).toBeNull();
  });
});
