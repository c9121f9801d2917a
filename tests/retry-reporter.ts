import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names every test that failed and then passed on a retry, so a retry never hides a flaky test:
 * npm test collects these lines into its summary. No retry is configured today; this holds for
 * a `retry` added to a test or to the config later.
 */
export default class RetryReporter implements Reporter {
  private retried: string[] = [];

  onTestCaseResult(test: TestCase) {
    const d = test.diagnostic();
    if (d && d.retryCount > 0 && test.result().state === 'passed') {
      this.retried.push(
        `${test.module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}: passed after ${d.retryCount} retr${d.retryCount === 1 ? 'y' : 'ies'}`,
      );
    }
  }

  onTestRunEnd() {
    for (const line of this.retried) console.log(`[retried] ${line}`);
    this.retried = [];
  }
}
