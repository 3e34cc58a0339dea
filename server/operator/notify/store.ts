/** SQL of the notify area: speed-test tasks and their results, kept a day. */
import { randomUUID } from "node:crypto";
import type { Db } from "../db";

/** Tasks (and their results) older than this go when new tasks are made: the tables stay small. */
export const SPEED_TEST_RETENTION_MS = 24 * 3600_000;

export interface SpeedTestTask {
  taskId: string;
  sessionKey: string;
}

export interface SpeedTestResult {
  success: boolean;
  elapsed: number;
  message: string;
}

/** One task per session key, in one transaction. */
export function createSpeedTestTasks(
  db: Db,
  memberId: number,
  sessionKeys: string[],
  domain: string,
  timeoutThreshold: number,
  now: number,
) {
  return db.transaction((): SpeedTestTask[] => {
    db.prepare("DELETE FROM speed_test_tasks WHERE created_at < ?").run(now - SPEED_TEST_RETENTION_MS);
    const insert = db.prepare(
      "INSERT INTO speed_test_tasks (task_id, member_id, session_key, domain, timeout_threshold, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    );
    return sessionKeys.map((sessionKey) => {
      const taskId = randomUUID();
      insert.run(taskId, memberId, sessionKey, domain, timeoutThreshold, now);
      return { taskId, sessionKey };
    });
  })();
}

export function speedTestTaskOf(db: Db, taskId: string): { memberId: number } | undefined {
  return db.prepare("SELECT member_id AS memberId FROM speed_test_tasks WHERE task_id = ?").get(taskId) as { memberId: number } | undefined;
}

/** A repeated report of a task (a retry after a lost answer) replaces the first. */
export function saveSpeedTestResult(db: Db, taskId: string, result: SpeedTestResult, now: number): void {
  db.prepare(
    `INSERT INTO speed_test_results (task_id, success, elapsed, message, reported_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (task_id) DO UPDATE SET success = excluded.success, elapsed = excluded.elapsed, message = excluded.message,
       reported_at = excluded.reported_at`,
  ).run(taskId, result.success ? 1 : 0, result.elapsed, result.message, now);
}

/** A member's reported results, newest first, with the task each answers. */
export function speedTestResultsOf(db: Db, memberId: number) {
  const rows = db
    .prepare(
      `SELECT t.task_id AS taskId, t.domain, t.timeout_threshold AS timeoutThreshold, t.created_at AS sentAt,
              r.success, r.elapsed, r.message, r.reported_at AS reportedAt
       FROM speed_test_results r JOIN speed_test_tasks t ON t.task_id = r.task_id
       WHERE t.member_id = ? ORDER BY r.reported_at DESC, t.task_id`,
    )
    .all(memberId) as { success: number }[];
  return rows.map((r) => ({ ...r, success: r.success === 1 }));
}
