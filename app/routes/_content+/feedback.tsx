/**
 * Feedback for everyone (document 002, section 2: the feedback page): a guest writes without an
 * image; a logged-in player may attach one (the member centre has the same form as a page).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { usePageTranslation } from "~/i18n/translation";
import { deferred } from "~/components/deferred";
import { feedbackPage, sendFeedback } from "~/features/member/feedback.server";

export const handle = { i18n: ["member", "auth"] };

export const loader = ({ request, context }: LoaderFunctionArgs) => feedbackPage(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => sendFeedback(request, context, "/feedback");

// The form and conform arrive after the page (decision 043).
const FeedbackForm = deferred(() => import("~/features/member/feedback-form").then((m) => m.FeedbackForm));

export default function Feedback() {
  const { t } = usePageTranslation();
  return (
    <section className="panel" aria-labelledby="feedback-title">
      <h1 id="feedback-title">{t("member_page_feedback")}</h1>
      <p>{t("feedback_intro")}</p>
      <FeedbackForm />
    </section>
  );
}
