import { describe, expect, it } from 'vitest';
import { mailLinkLine } from '../auth/auth';
import { dataDirPrefix, describeDataPlace, firstStartHint } from './first-start';

const cwd = '/srv/classbots';

describe('the first-start hint and the demo printout name the installation they belong to', () => {
  it('says nothing extra for the default ./data, and DATA_DIR=... for another folder', () => {
    expect(dataDirPrefix({ cwd, dataDir: '/srv/classbots/data', databaseUrl: undefined })).toBe('');
    expect(dataDirPrefix({ cwd, dataDir: '/tmp/try', databaseUrl: undefined })).toBe('DATA_DIR=/tmp/try ');
    expect(dataDirPrefix({ cwd, dataDir: "/tmp/it's here", databaseUrl: undefined })).toBe(`DATA_DIR='/tmp/it'\\''s here' `);
  });

  it('puts the prefix in every command it suggests, and names the data folder', () => {
    const hint = firstStartHint({ cwd, dataDir: '/tmp/try', databaseUrl: undefined }, 'http://localhost:4100');
    expect(hint).toContain('This installation (the data folder /tmp/try) has no accounts yet.');
    expect(hint).toContain('DATA_DIR=/tmp/try npm run cli -- user:create');
    expect(hint).toContain('DATA_DIR=/tmp/try npm run cli -- demo:seed');
    expect(hint.match(/npm run cli/g)).toHaveLength(hint.match(/DATA_DIR=\/tmp\/try npm run cli/g)!.length);
  });

  it('names a PostgreSQL database by host and name, never with its password', () => {
    const place = { cwd, dataDir: '/srv/classbots/data', databaseUrl: 'postgres://app:s3cret@db.internal:5432/classbots' };
    expect(describeDataPlace(place)).toBe('the PostgreSQL database classbots on db.internal:5432');
    expect(dataDirPrefix(place)).toBe('');
    expect(firstStartHint(place, 'http://x')).not.toContain('s3cret');
  });
});

describe('mail links in the development log', () => {
  it('name the user id and the address domain, never the address', () => {
    const line = mailLinkLine('verification link', { id: 'u_123', email: 'maria.lopez@riverside.demo' }, 'http://x/verify?token=t');
    expect(line).toBe('[mail] verification link for user u_123 (@riverside.demo): http://x/verify?token=t');
    expect(line).not.toContain('maria');
  });
});
