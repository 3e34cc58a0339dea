import { Outlet } from "@remix-run/react";

/**
 * The member centre's frame (/member and, with the member-centre issue, /member/{routeKey}).
 * It has no loader on purpose: layouts and children load in parallel, so a guard here would not
 * hold back a child's loader or action. Every child calls requirePlayer itself.
 */
export const handle = { i18n: "member" };

export default function MemberLayout() {
  return (
    <div className="member-area">
      <Outlet />
    </div>
  );
}
