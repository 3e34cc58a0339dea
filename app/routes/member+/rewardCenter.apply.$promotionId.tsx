/**
 * The apply-reward dialog (document 002, section 5) as a route: with scripts a modal over the
 * reward centre, without scripts the form drawn at the top of the reward centre's page. Remarks
 * (required when remarkRequired is Y, at most 140 characters) and up to three jpg/jpeg/png
 * images of at most 5,242,880 bytes each (required when imageRequired is Y). The images are read
 * as a stream with the limits enforced while reading and their type decided by their bytes;
 * the browser checks count, size and type first. Success: the promotion is PENDING, the dialog
 * closes (303 back to the reward centre with a notice). The post carries a one-time key.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { deferred } from "~/components/deferred";
import { DialogPanel, RouteDialog } from "~/components/route-dialog";
import { usePageTranslation } from "~/i18n/translation";
import { forgetCentreFacts, memberPage, requireMemberPage, type MemberContext } from "~/features/member/centre.server";
import { CLAIM_MESSAGES, MAX_IMAGES } from "~/features/member/reward-claim";
import { claimSchema, getZodConstraint, parseWithZod } from "~/schemas/forms.server";
import { CLAIM_FIELD_FOR_CODE, claimablePromotion } from "~/features/member/rewards.server";
import { memberHref } from "~/features/member/routes";
import { formFailure } from "~/operator/operator.server";
import { operatorFailure } from "~/operator/errors";
import { newOnceKey, once } from "~/server/once.server";
import { commitSession } from "~/server/session.server";
import { openPlayerAction } from "~/server/gate.server";
import { MAX_IMAGE_BYTES, type UploadProblem } from "~/server/upload.server";

const CENTRE = memberHref("rewardCenter");
const PROBLEM_MESSAGE: Record<UploadProblem["problem"], string> = {
  too_many: CLAIM_MESSAGES.tooMany,
  too_large: CLAIM_MESSAGES.tooLarge,
  wrong_type: CLAIM_MESSAGES.wrongType,
};

/** The promotion of the address, when the player may still claim it; otherwise back to the centre with a notice. */
async function promotionOf(request: Request, member: MemberContext, param: string | undefined, shared = false) {
  const id = /^\d{1,12}$/.test(param ?? "") ? Number(param) : 0;
  const promotion = id ? await claimablePromotion(request, member, id, { shared }) : null;
  if (promotion) return promotion;
  member.session.flash("notice", { key: "reward_apply_closed" });
  throw redirect(CENTRE, { status: 303, headers: { "Set-Cookie": await commitSession(member.session) } });
}

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMemberPage(request, "rewardCenter");
  // Drawn over the centre, whose loader reads the same list in this view: one read for both.
  const promotion = await promotionOf(request, member, params.promotionId, true);
  const rules = { remarkRequired: promotion.remarkRequired, imageRequired: promotion.imageRequired };
  return json({ promotion, once: newOnceKey(), constraint: getZodConstraint(claimSchema(rules, true)) });
}

// ── action ──────────────────────────────────────────────────────────────────────────────

export async function action({ request, context, params }: ActionFunctionArgs) {
  const opening = await openPlayerAction(request, context, memberPage("rewardCenter"), {
    upload: { field: "pictures", maxFiles: MAX_IMAGES, maxFileBytes: MAX_IMAGE_BYTES },
  });
  // A second post of the key (a reload, a double click) gets the first answer, even after the
  // claim made the promotion PENDING. When the operator's answer is lost, the claim may be PENDING
  // and this dialog would close itself with its own "closed" notice: the player checks the claim
  // list in the centre instead.
  return once(
    opening,
    async () => {
      const promotion = await promotionOf(request, opening, params.promotionId);
      const rules = { remarkRequired: promotion.remarkRequired, imageRequired: promotion.imageRequired };
      const submission = parseWithZod(opening.formData, { schema: claimSchema(rules, false) });
      const upload = opening.uploads.pictures;
      const fail = (status: number, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) =>
        json({ result: submission.reply(errors), once: newOnceKey() }, { status, headers: opening.headers });

      const problem = upload.problems[0];
      const pictureError = problem
        ? PROBLEM_MESSAGE[problem.problem]
        : rules.imageRequired && upload.files.length === 0
          ? CLAIM_MESSAGES.imageRequired
          : null;
      if (submission.status !== "success" || pictureError) {
        const fieldErrors = submission.status === "success" ? {} : (submission.error ?? {});
        const errors = Object.fromEntries(Object.entries(fieldErrors).filter((e): e is [string, string[]] => Array.isArray(e[1])));
        return fail(400, { fieldErrors: pictureError ? { ...errors, pictures: [pictureError] } : errors });
      }

      try {
        await opening.operator.call("claimReward", {
          body: { promotionId: promotion.id, remarks: submission.value.remarks ?? "", pictures: upload.files.map((f) => f.dataUrl()) },
        });
      } catch (thrown) {
        const error = operatorFailure(thrown);
        const field = CLAIM_FIELD_FOR_CODE[error.code];
        if (field) return fail(400, { fieldErrors: { [field[0]]: [field[1]] } });
        const { status, message } = await formFailure(request, error);
        return fail(status, { formErrors: [message] });
      }
      forgetCentreFacts(opening.session.id);
      opening.session.flash("notice", { key: "reward_claim_submitted", values: { title: promotion.title ?? "" } });
      opening.headers.append("Set-Cookie", await commitSession(opening.session));
      return redirect(CENTRE, { status: 303, headers: opening.headers });
    },
    { checkAt: CENTRE },
  );
}

// The form and conform arrive after the page (decision 043).
const ApplyRewardForm = deferred(() => import("~/features/member/apply-reward-form").then((m) => m.ApplyRewardForm));

// ── view ────────────────────────────────────────────────────────────────────────────────

export default function ApplyReward() {
  const { t } = usePageTranslation();
  const { promotion, once: loaderOnce, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog back={CENTRE} titleId="apply-title">
      {(inDialog) => (
        <DialogPanel inDialog={inDialog} className="apply-reward" titleId="apply-title" testId="apply-reward">
          <h2 id="apply-title">{t("reward_apply_title", { title: promotion.title ?? "" })}</h2>
          <ApplyRewardForm
            key={promotion.id}
            promotion={promotion}
            result={actionData?.result}
            once={actionData?.once ?? loaderOnce}
            constraint={constraint}
            cancelHref={CENTRE}
          />
        </DialogPanel>
      )}
    </RouteDialog>
  );
}
