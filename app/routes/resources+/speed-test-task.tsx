/**
 * A page's report of a speed-test task (document 002 §4, decision 051): the browser timed the
 * domain the session topic named and posts what it measured here; the portal reports it to the
 * operator (WPSCORE_postbackSpeedTestResult) with the session's token, which the page never
 * holds. The post carries the form token (CSRF) and the proof the stream gave with the task, so
 * a page reports only tasks its own session was given, and each task once.
 */
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { openAction } from "~/server/action.server";
import { sessionDigest } from "~/server/session.server";
import { state } from "~/server/state/index.server";
import { reportSpeedTest, speedTestReportSchema, validTaskProof } from "~/server/notify/speed-test.server";

/** A report is a handful of short fields. */
const MAX_REPORT_BYTES = 2048;
const REPORTED_MS = 24 * 60 * 60_000;

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, session } = await openAction(request, context, { maxBytes: MAX_REPORT_BYTES });
  if (!session.get("token") || !session.id) return json({ reported: false }, { status: 401 });
  const parsed = speedTestReportSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return json({ reported: false }, { status: 400 });
  const { proof, ...report } = parsed.data;
  const digest = sessionDigest(session.id);
  if (!validTaskProof(digest, report.taskId, proof)) return json({ reported: false }, { status: 403 });
  // Two tabs of the session both ran the task: the first report stands.
  if (!(await state().claim(`notify-task-report:${report.taskId}`, REPORTED_MS))) return json({ reported: false }, { status: 409 });
  const reported = await reportSpeedTest(session, report);
  return json({ reported }, { status: reported ? 200 : 502 });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
