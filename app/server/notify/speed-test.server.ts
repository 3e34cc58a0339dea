/**
 * The speed-test tasks of the session topic (document 002 §4, decision 051): what a page measured
 * is reported by the portal's action (resources+/speed-test-task.tsx); a task that no page took
 * within TASK_WAIT_MS (the player's pages have no scripts, or none was open) is reported as not
 * run, so the operator never waits on it.
 */
import { bindOperator } from "~/operator/operator.server";
import type { PortalSession } from "~/server/session.server";
import type { SpeedTestTask } from "~/features/notify/messages";

/** The report of a task no page ran: the spec's messages are for a run that failed, this one never began. */
export const NOT_RUN_MESSAGE = "Not run: no page with scripts open";

export interface SpeedTestReport {
  taskId: string;
  success: boolean;
  elapsed: number;
  message: string;
}

export async function reportSpeedTest(session: PortalSession, report: SpeedTestReport): Promise<boolean> {
  try {
    await bindOperator(session, "CN").call("speedTestResult", { body: { ...report } });
    return true;
  } catch {
    return false;
  }
}

export async function reportTaskNotRun(session: PortalSession, task: SpeedTestTask): Promise<void> {
  await reportSpeedTest(session, { taskId: task.taskId, success: false, elapsed: 0, message: NOT_RUN_MESSAGE });
}
