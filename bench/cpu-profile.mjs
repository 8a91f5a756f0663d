// Preloaded with `--import` (through NODE_OPTIONS, where Node 20 refuses --cpu-prof): records a
// V8 CPU profile of the whole process and writes it at exit to $CPU_PROFILE_DIRECTORY as
// <$CPU_PROFILE_NAME->pid.cpuprofile, for Chrome DevTools (Performance → load profile).
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const directory = process.env.CPU_PROFILE_DIRECTORY;
if (directory) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.on('exit', () => {
    // An in-process session answers synchronously, so the profile is written before exit.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(directory, { recursive: true });
      const name = process.env.CPU_PROFILE_NAME ? `${process.env.CPU_PROFILE_NAME}-` : '';
      writeFileSync(
        join(directory, `${name}${process.pid}.cpuprofile`),
        JSON.stringify(result.profile),
      );
    });
  });
}
