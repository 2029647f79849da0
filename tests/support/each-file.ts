/**
 * Run before each file of the API suite. Its files share one module graph (`isolate: false`,
 * vitest.config.ts), so what a file's module state held at its start, it is given here again.
 */
import { startPlotPoolAgain } from './staff.ts';

startPlotPoolAgain();
