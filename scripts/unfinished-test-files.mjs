// A Vitest reporter for CI (decision 109): when the run is stopped from outside — `.ci/run` gives
// each Vitest run a time limit and stops it with SIGTERM — it names the test files that had been
// handed to a worker and not finished, and the test each was in, so a run that never ends says
// where it stood. Vitest prints a file's results only when the file ends, so without this a
// hanging file is invisible in the log. Used with the default reporter, which still prints results.

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

export default class UnfinishedTestFiles {
  /** @type {Map<string, { since: number, phase: string, test?: string }>} */
  files = new Map();
  planned = 0;
  ended = 0;

  onInit() {
    process.once('SIGTERM', () => {
      const lines = [...this.files].map(
        ([file, { since, phase, test }]) => `  ${file}: ${phase} for ${seconds(since)}${test ? `, in "${test}"` : ''}`,
      );
      const waiting = this.planned - this.ended - this.files.size;
      process.stderr.write(
        `\nStopped from outside (SIGTERM): ${this.ended} of ${this.planned} test files ended, ` +
          `${waiting} never handed to a worker, ${lines.length} unfinished:\n${lines.join('\n')}\n`,
      );
      process.exit(124);
    });
  }

  onTestRunStart(specifications) {
    this.planned += specifications.length;
  }

  onTestModuleQueued(testModule) {
    this.files.set(this.name(testModule), { since: Date.now(), phase: 'loading' });
  }

  onTestModuleStart(testModule) {
    const file = this.files.get(this.name(testModule));
    if (file) file.phase = 'running';
  }

  onTestCaseReady(testCase) {
    const file = this.files.get(this.name(testCase.module));
    if (file) file.test = testCase.fullName;
  }

  onTestModuleEnd(testModule) {
    this.ended += 1;
    this.files.delete(this.name(testModule));
  }

  name(testModule) {
    return `${testModule.project.name}: ${testModule.relativeModuleId}`;
  }
}
