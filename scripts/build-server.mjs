// npm run build, after the web app: the server as plain JavaScript in dist/server (see lib.mjs).
import { buildServer } from './lib.mjs';

process.exit(await buildServer());
