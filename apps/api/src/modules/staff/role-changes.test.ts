import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages } from '@bookshop/contracts/auth';
import { RoleName } from '@bookshop/contracts/enums';
import { rows } from '../../platform/db.ts';
import { createStaff, createTestApp, type TestAccount, type TestApp } from '../../test/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const patchRole = (target: TestAccount, role: RoleName, by: TestAccount) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/users/${target.id}/role`, payload: { role }, headers: by.headers });

const adminIds = async () =>
  (await rows<{ id: number }>(t.db, sql`select id from accounts where role = ${RoleName.Admin} order by id`)).map(
    (row) => row.id,
  );

/** Two fresh Admins, and no other Admin in the shop. */
async function onlyTwoAdmins(): Promise<[TestAccount, TestAccount]> {
  const first = await createStaff(t, RoleName.Admin);
  const second = await createStaff(t, RoleName.Admin);
  await t.db.execute(
    sql`update accounts set role = ${RoleName.User} where role = ${RoleName.Admin} and id not in (${first.id}, ${second.id})`,
  );
  return [first, second];
}

describe('a role change', () => {
  it("counts from the member's next request, whatever role their token still names", async () => {
    const [ann, bob] = await onlyTwoAdmins();
    const waiting = await createStaff(t, RoleName.NewUser);
    const list = (who: TestAccount) => t.app.inject({ method: 'GET', url: '/api/v1/users', headers: who.headers });
    expect((await list(waiting)).statusCode).toBe(403);

    expect((await patchRole(waiting, RoleName.Admin, ann)).statusCode).toBe(200);
    expect((await list(waiting)).statusCode).toBe(200);

    expect((await patchRole(bob, RoleName.Supervisor, ann)).statusCode).toBe(200);
    const refused = await list(bob);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(AuthMessages.permissionMissing);
  });
});

describe('the last Admin', () => {
  it('cannot be demoted by an Admin who was demoted a moment ago (current role, not the token)', async () => {
    const [ann, bob] = await onlyTwoAdmins();
    expect((await patchRole(bob, RoleName.User, ann)).statusCode).toBe(200);
    // Bob's token still says Admin.
    const res = await patchRole(ann, RoleName.User, bob);
    expect(res.statusCode, res.body).toBe(403);
    expect(await adminIds()).toEqual([ann.id]);
  });

  it('lets an Admin promote another to Admin and then be demoted by them', async () => {
    const [ann, bob] = await onlyTwoAdmins();
    expect((await patchRole(ann, RoleName.Supervisor, bob)).statusCode).toBe(200);
    expect(await adminIds()).toEqual([bob.id]);
  });
});

// PGlite runs one transaction at a time, so only the server can show two demotions racing.
describe.skipIf(!process.env.DATABASE_URL)('two Admins demoting each other at the same moment', () => {
  it('leave one Admin: one change wins, the other gets 409 (or 403 once the winner committed)', async () => {
    const outcomes: number[] = [];
    for (let round = 0; round < 8; round++) {
      const [ann, bob] = await onlyTwoAdmins();
      const [byAnn, byBob] = await Promise.all([
        patchRole(bob, RoleName.User, ann),
        patchRole(ann, RoleName.User, bob),
      ]);
      const statuses = [byAnn.statusCode, byBob.statusCode].sort();
      expect(await adminIds(), `round ${round}: ${byAnn.body} / ${byBob.body}`).toHaveLength(1);
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const loser = byAnn.statusCode === 200 ? byBob : byAnn;
      if (loser.statusCode === 409) expect(loser.json().detail).toBe(AuthMessages.lastAdmin);
      outcomes.push(loser.statusCode);
    }
    // The requests really overlapped at least once (else this test would prove nothing about the lock).
    expect(outcomes).toContain(409);
  });
});
