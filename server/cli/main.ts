import { runCli } from './cli';

// The operator's entry point: npm run cli -- <command> [options]. All the work is in runCli.
const code = await runCli(process.argv.slice(2), {
  out: (s) => process.stdout.write(`${s}\n`),
  err: (s) => process.stderr.write(`${s}\n`),
});
process.exit(code);
