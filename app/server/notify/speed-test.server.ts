/**
 * The speed-test tasks of the session topic (document 002 §4, decision 051): what a page measured
 * is reported by the portal's action (resources+/speed-test-task.tsx); a task that no page took
 * within TASK_WAIT_MS (the player's pages have no scripts, or none was open) is reported as not
 * run, so the operator never waits on it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { bindOperator } from "~/operator/operator.server";
import { sessionSecrets } from "~/server/config.server";
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

/**
 * The proof a page sends back with its report: the task was delivered to this session's stream.
 * Without it any logged-in player could report any taskId the operator handed to another.
 */
export function taskProof(sessionDigest: string, taskId: string): string {
  return createHmac("sha256", sessionSecrets()[0]).update(`speed-test:${sessionDigest}:${taskId}`).digest("hex").slice(0, 32);
}

export function validTaskProof(sessionDigest: string, taskId: string, proof: string): boolean {
  const expected = Buffer.from(taskProof(sessionDigest, taskId));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The spec's messages (document 002 §9), and the success's "OK"; anything else is not a report of ours. */
const REPORT_MESSAGE =
  /^(?:OK|Request timeout: \d{1,7} ms > \d{1,7} ms|Network error|Request aborted|Unexpected error|[A-Za-z][A-Za-z '-]{0,60})$/;

/** A page's report as posted to /resources/speed-test-task. */
export const speedTestReportSchema = z.object({
  taskId: z.string().min(1).max(128),
  proof: z.string().regex(/^[0-9a-f]{32}$/),
  success: z.enum(["true", "false"]).transform((value) => value === "true"),
  elapsed: z.coerce.number().int().min(0).max(600_000),
  message: z.string().regex(REPORT_MESSAGE),
});
