/**
 * The frame of the member and agent centres (document 002, section 2): a head with the centre's
 * title, the player's info and a close button, a left menu and the page. With scripts it is an
 * overlay over a still picture of the page the player came from (Escape or × goes back there);
 * without, a page whose close leads home.
 */
import { Link, NavLink, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { BackdropPicture, useBackdrop } from "~/components/backdrop";
import { usePageTranslation } from "~/i18n/translation";

export interface FrameMenuGroup {
  title: string;
  links: { key: string; href: string; label: string; badge?: number }[];
}

export function CentreFrame({
  path,
  title,
  menuLabel,
  info,
  menu,
  testId,
  children,
}: {
  /** The centre's own address (/member, /agent): its title links there, its pages show loading. */
  path: string;
  title: string;
  menuLabel: string;
  info: ReactNode;
  menu: FrameMenuGroup[];
  testId: string;
  children: ReactNode;
}) {
  const { t } = usePageTranslation();
  const backdrop = useBackdrop();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const closeTo = backdrop?.from ?? "/";
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith(path);
  const titleId = `${testId}-title`;

  useEffect(() => {
    if (!backdrop) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !document.querySelector("dialog[open]")) navigate(closeTo);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [backdrop, closeTo, navigate]);

  return (
    <>
      {backdrop ? <BackdropPicture html={backdrop.html} /> : null}
      <div
        className={backdrop ? "member-centre member-centre--overlay" : "member-centre"}
        role={backdrop ? "dialog" : undefined}
        aria-modal={backdrop ? true : undefined}
        aria-labelledby={titleId}
        data-testid={testId}
        data-centre={path.slice(1)}
      >
        <div className="member-centre__head">
          <p className="member-centre__title" id={titleId}>
            <Link to={path}>{title}</Link>
          </p>
          {info}
          <Link to={closeTo} className="member-centre__close" aria-label={t("dialog_close")} data-testid={`${testId}-close`}>
            ×
          </Link>
        </div>
        <div className="member-centre__body">
          <nav className="member-menu" aria-label={menuLabel}>
            {menu.map((group) => (
              <div key={group.title} className="member-menu__group">
                <p className="member-menu__heading">{group.title}</p>
                <ul>
                  {group.links.map((link) => (
                    <li key={link.key}>
                      <NavLink to={link.href} className="member-menu__link" data-route-key={link.key}>
                        <span>{link.label}</span>
                        {link.badge ? <span className="count-badge">{link.badge}</span> : null}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
          <div className={loading ? "member-centre__content is-loading" : "member-centre__content"} aria-busy={loading || undefined}>
            {children}
          </div>
        </div>
      </div>
    </>
  );
}
