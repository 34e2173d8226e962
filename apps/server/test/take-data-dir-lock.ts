// A process that takes DATA_DIR's lock (argv[2]) and says whether it got it; it holds the lock until
// its stdin closes. It pauses (argv[3] ms) between reading a lock it finds and judging it, so that
// several started at once all find the same stale lock: exactly one of them may take it over.
import { DataDirInUseError, lockDataDir, machineFacts } from '../src/db/data-dir-lock';

const pauseMs = Number(process.argv[3] ?? 0);
const slowFacts = () => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pauseMs);
  return machineFacts();
};

try {
  const lock = await lockDataDir(process.argv[2]!, slowFacts);
  console.log('taken');
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.once('close', resolve));
  lock.release();
} catch (error) {
  if (!(error instanceof DataDirInUseError)) throw error;
  console.log('refused');
}
