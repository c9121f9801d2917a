/**
 * The bad values the route fuzz test (server/fuzz.test.ts) sends, and the ways it puts them into
 * requests. Each value says whether no field of any schema may accept it (`refused`): those must
 * never be answered 2xx when they replace a field of a valid request.
 */

export interface BadValue {
  label: string;
  value: unknown;
  /** No field may accept it: a text or a number refuses it alike. */
  refused: boolean;
}

const INT32_OVER = 2 ** 31;

/** What replaces a text field of a valid body. */
export const badTexts: BadValue[] = [
  { label: 'NUL', value: 'a\u0000b', refused: true },
  { label: 'only NUL', value: '\u0000', refused: true },
  { label: 'lone high surrogate', value: 'x\uD800', refused: true },
  { label: 'lone low surrogate', value: '\uDC00y', refused: true },
  { label: 'array', value: ['x'], refused: true },
  { label: 'object', value: { a: 1 }, refused: true },
  { label: 'number 2^31', value: INT32_OVER, refused: false },
  { label: 'empty', value: '', refused: false },
  { label: 'very long', value: 'x'.repeat(100_000), refused: false },
  { label: 'null', value: null, refused: false },
];

/** What replaces a number field of a valid body. */
export const badNumbers: BadValue[] = [
  { label: '2^31', value: INT32_OVER, refused: false },
  { label: '-2^31-1', value: -INT32_OVER - 1, refused: false },
  { label: 'beyond safe', value: Number.MAX_SAFE_INTEGER + 2, refused: false },
  { label: '1e308', value: 1e308, refused: false },
  { label: 'negative', value: -1, refused: false },
  { label: 'fraction', value: 0.5, refused: false },
  { label: 'NaN text', value: 'NaN', refused: false },
  { label: 'numeric text', value: '12', refused: false },
  { label: 'object', value: { n: 1 }, refused: true },
  { label: 'array', value: [1], refused: true },
];

/** What replaces any other field (booleans, arrays, objects, null). */
export const badOthers: BadValue[] = [
  { label: 'NUL text', value: '\u0000', refused: false },
  { label: 'object', value: { a: '\u0000' }, refused: false },
  { label: 'array of NUL', value: ['\u0000'], refused: false },
  { label: 'number 2^31', value: INT32_OVER, refused: false },
];

/** Strings that look like timestamps but name no real instant (PostgreSQL refuses year 0). */
export const impossibleDates: BadValue[] = [
  { label: 'February 30', value: '2024-02-30T10:00:00.000000Z', refused: true },
  { label: 'month 13', value: '2024-13-01T10:00:00.000000Z', refused: true },
  { label: 'hour 25', value: '2024-01-01T25:00:00.000000Z', refused: true },
  { label: 'year 0', value: '0000-01-01T00:00:00.000000Z', refused: true },
  { label: 'year 99999', value: '99999-01-01T00:00:00.000000Z', refused: true },
  { label: 'not a date', value: 'yesterday', refused: true },
];

/** Values for a route parameter such as :id, URL-encoded as they are; none names a stored row. */
export const badParams: string[] = [
  'not-a-uuid',
  '-'.repeat(36),
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '00000000-0000-0000-0000-00000000000g',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  '2147483648',
  '-1',
  'x'.repeat(2000),
];

/** Values for a query-string parameter, URL-encoded. */
export const badQueryValues: string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '2147483648',
  '-2147483649',
  '-1',
  'NaN',
  '1e999',
  '0x10',
  '',
  'x'.repeat(5000),
  '-'.repeat(36),
];

/**
 * Values no stored text may hold, URL-encoded: each is put into every query key a route is known to
 * read (its seeds in querySeeds), by every caller, since a key reaching SQL unchecked is a 500.
 */
export const unstorableQueryValues: string[] = ['%00', 'a%00b', '%00%00%00'];

/** The query keys a list route might read, tried on every GET route besides its own. */
export const commonQueryKeys = ['limit', 'cursor', 'q', 'kind', 'sort', 'tab', 'purpose', 'collectionId', 'botId', 'uid', 'sid', 'shared'];

/** Raw bodies that are wrong whatever the route: each with the content type it is sent with. */
export function rawBodies(): { label: string; body: string | Uint8Array | undefined; type?: string }[] {
  const depth = 10_000;
  return [
    { label: 'no body', body: undefined },
    { label: 'empty JSON body', body: '', type: 'application/json' },
    { label: 'malformed JSON', body: '{"name": ', type: 'application/json' },
    { label: 'trailing garbage', body: '{}}', type: 'application/json' },
    { label: 'raw control character', body: '{"name":"a\u0000b"}', type: 'application/json' },
    {
      label: 'escaped NUL everywhere',
      body: '{"name":"\\u0000","title":"\\u0000","text":"\\u0000","kind":"\\u0000"}',
      type: 'application/json',
    },
    { label: 'JSON null', body: 'null', type: 'application/json' },
    { label: 'JSON array', body: '[]', type: 'application/json' },
    { label: 'JSON string', body: '"text"', type: 'application/json' },
    { label: 'JSON huge number', body: '1e999', type: 'application/json' },
    { label: 'deep arrays', body: '['.repeat(depth) + ']'.repeat(depth), type: 'application/json' },
    { label: 'deep objects', body: '{"a":'.repeat(depth) + '1' + '}'.repeat(depth), type: 'application/json' },
    {
      label: 'invalid UTF-8',
      body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      type: 'application/json',
    },
    { label: 'form-encoded', body: 'name=a%00b&version=2147483648', type: 'application/x-www-form-urlencoded' },
    { label: 'multipart without boundary', body: '--x\r\n', type: 'multipart/form-data' },
    { label: 'text/plain', body: '{}', type: 'text/plain' },
    ...multipartBodies(),
  ];
}

/** Multipart forms (for file routes) whose file name, type or fields cannot be stored. */
function multipartBodies(): { label: string; body: Uint8Array; type: string }[] {
  const boundary = 'fuzzBoundary';
  const form = (name: Buffer, type: string, purpose: Buffer) =>
    new Uint8Array(
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`),
        name,
        Buffer.from(`"\r\nContent-Type: ${type}\r\n\r\nhello\r\n--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n`),
        purpose,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    );
  const ok = Buffer.from('notes.txt');
  const attachment = Buffer.from('attachment');
  const type = `multipart/form-data; boundary=${boundary}`;
  return [
    { label: 'multipart NUL file name', body: form(Buffer.from('a\u0000b.txt'), 'text/plain', attachment), type },
    // U+D800 written as UTF-8 would be: not UTF-8 at all.
    {
      label: 'multipart surrogate file name',
      body: form(Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x2e, 0x74, 0x78, 0x74]), 'text/plain', attachment),
      type,
    },
    { label: 'multipart NUL type', body: form(ok, 'text/plain\u0000x', attachment), type },
    { label: 'multipart NUL purpose', body: form(ok, 'text/plain', Buffer.from('attach\u0000ment')), type },
    { label: 'multipart long name', body: form(Buffer.from(`${'x'.repeat(5000)}.txt`), 'text/plain', attachment), type },
  ];
}

/** A path to one leaf of a JSON value, and the kind of value found there. */
export interface Leaf {
  path: (string | number)[];
  kind: 'text' | 'number' | 'other';
  value: unknown;
}

/** Every leaf of a JSON value (and every array and object, which can be replaced whole). */
export function leavesOf(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (typeof value === 'string') return [{ path, kind: 'text', value }];
  if (typeof value === 'number') return [{ path, kind: 'number', value }];
  const self: Leaf[] = path.length ? [{ path, kind: 'other', value }] : [];
  if (Array.isArray(value)) return [...self, ...value.flatMap((v, i) => leavesOf(v, [...path, i]))];
  if (value && typeof value === 'object') return [...self, ...Object.entries(value).flatMap(([k, v]) => leavesOf(v, [...path, k]))];
  return self;
}

/** A deep copy of `value` with the leaf at `path` replaced. */
export function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return (value as unknown[]).map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v));
  const obj = value as Record<string, unknown>;
  return { ...obj, [head!]: replaceAt(obj[head!], rest, replacement) };
}

/** The bad values that fit a leaf: impossible dates too when it holds a timestamp. */
export function badValuesFor(leaf: Leaf): BadValue[] {
  if (leaf.kind === 'number') return badNumbers;
  if (leaf.kind === 'other') return badOthers;
  const looksLikeDate = typeof leaf.value === 'string' && /^\d{4}-\d\d-\d\dT/.test(leaf.value);
  return looksLikeDate ? [...impossibleDates, ...badTexts] : badTexts;
}

/** A small seeded generator (mulberry32), so a failing sample can be sent again with FUZZ_SEED. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` items of `items` chosen by `random`, always keeping those `keep` selects. */
export function sample<T>(items: readonly T[], count: number, random: () => number, keep: (item: T) => boolean = () => false): T[] {
  const kept = items.filter(keep);
  const rest = items.filter((i) => !keep(i));
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return [...kept, ...rest.slice(0, Math.max(0, count - kept.length))];
}
