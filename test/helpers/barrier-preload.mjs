// Loaded with `node --import` by tests that start processes at the same moment
// (processes.ts, createBarrier): waits for the test's word before the CLI runs.
import { connect } from 'node:net';
import process from 'node:process';

const path = process.env.RENTSURVEY_TEST_BARRIER;
if (path)
  await new Promise((resolve, reject) => {
    const socket = connect(path);
    socket.once('data', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });
