// The typed ids and values of the server's and the contract's ICU catalogues (server/i18n,
// contract/i18n; decision 285): from each en.json, one TypeScript file naming every id and the
// values its text takes, so `tsc` refuses an unknown id or a missing value. `--check` (in npm run
// lint) fails when a file is not what its catalogue gives; without it, the files are written.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const catalogues = [
  { dir: 'server/i18n', name: 'ServerMessage' },
  { dir: 'contract/i18n', name: 'ValidationMessage' },
];

/** Each argument of a parsed message with the TypeScript type its element asks for. */
function argumentsOf(elements, found = new Map()) {
  for (const el of elements) {
    const want = (type) => {
      const had = found.get(el.value);
      found.set(el.value, had && had !== type ? 'MessageValue' : type);
    };
    if (el.type === TYPE.argument) want('MessageValue');
    else if (el.type === TYPE.number || el.type === TYPE.plural) want('number');
    else if (el.type === TYPE.date || el.type === TYPE.time) want('Date | number');
    else if (el.type === TYPE.select) want('string');
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) argumentsOf(option.value, found);
    if (el.type === TYPE.tag) argumentsOf(el.children, found);
  }
  return found;
}

function typesOf({ dir, name }) {
  const messages = JSON.parse(readFileSync(`${dir}/en.json`, 'utf8'));
  const lines = [
    `// Generated from ${dir}/en.json by scripts/message-types.mjs (npm run messages:types): do not edit.`,
    '',
    '/** What a plain `{arg}` takes: text, a number, or another message of the catalogue, formatted first in the same language. */',
    `export type MessageValue = string | number | { readonly id: ${name}Id; readonly values?: object };`,
    '',
    `/** The values each ${name} id's text takes (an id without values has none here). */`,
    `export interface ${name}Values {`,
  ];
  const ids = Object.keys(messages).sort();
  for (const id of ids) {
    const args = argumentsOf(parse(messages[id]));
    if (args.size === 0) continue;
    const fields = [...args].map(([arg, type]) => `${arg}: ${type}`).join('; ');
    lines.push(`  ${id}: { ${fields} };`);
  }
  lines.push('}', '', `export type ${name}Id =`, ...ids.map((id, i) => `  | '${id}'${i === ids.length - 1 ? ';' : ''}`), '');
  return lines.join('\n');
}

const check = process.argv.includes('--check');
let stale = 0;
for (const catalogue of catalogues) {
  const file = `${catalogue.dir}/ids.ts`;
  const want = typesOf(catalogue);
  const have = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (have === want) continue;
  if (check) {
    console.error(`${file} is not what ${catalogue.dir}/en.json gives: run npm run messages:types.`);
    stale++;
  } else writeFileSync(file, want);
}
if (stale) process.exit(1);
