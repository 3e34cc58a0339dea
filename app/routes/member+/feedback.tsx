/**
 * Feedback in the member centre (routeKey feedback): the form of /feedback, with the image a
 * logged-in player may attach. Hidden by FEEDBACK3.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { usePageTranslation } from "~/i18n/translation";
import { memberPage, requireMemberPage } from "~/features/member/centre.server";
import { deferred } from "~/components/deferred";
import { feedbackPage, sendFeedback } from "~/features/member/feedback.server";
import { memberHref } from "~/features/member/routes";

export const handle = { i18n: ["member", "auth"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMemberPage(request, "feedback");
  return feedbackPage(request, context);
}

export function action({ request, context }: ActionFunctionArgs) {
  return sendFeedback(request, context, memberHref("feedback"), memberPage("feedback"));
}

// The form and conform arrive after the page (decision 043).
const FeedbackForm = deferred(() => import("~/features/member/feedback-form").then((m) => m.FeedbackForm));

export default function MemberFeedback() {
  const { t } = usePageTranslation();
  return (
    <section className="member-page" aria-labelledby="feedback-title">
      <h1 id="feedback-title">{t("member_page_feedback")}</h1>
      <p>{t("feedback_intro")}</p>
      <FeedbackForm />
    </section>
  );
}
