// npm run dev: the API server in watch mode on PORT (3000) and Vite with hot reload on WEB_PORT
// (5173), which passes /api to the server. Open the Vite address; dev-lib.mjs prints it when ready.
import { devSettings, startDev } from './dev-lib.mjs';

const { ended } = startDev(devSettings());
process.exitCode = await ended;
