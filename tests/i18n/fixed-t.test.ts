/**
 * The server's own wording (loaders' titles, messages with values) comes from each language's one
 * i18next instance, not from a new instance per call as remix-i18next's getFixedT makes: the same
 * texts as the bundled resources say, in every language, and the same instance every time.
 */
import { describe, expect, it, vi } from "vitest";
import { LOCALES } from "~/i18n/config";
import { fixedT, translate } from "~/i18n/i18n.server";
import { i18nFor } from "~/i18n/instances.server";
import { resources } from "~/i18n/resources";

describe("fixedT and translate", () => {
  it("answer each language's texts from its bundled resources, values filled in", async () => {
    for (const locale of LOCALES) {
      const games = (resources as Record<string, Record<string, Record<string, string>>>)[locale].games;
      const t = await fixedT(locale, ["games", "common"]);
      expect(t("lobby_title_RNG"), locale).toBe(games.lobby_title_RNG);
      expect(await translate(locale, "lobby_title_RNG_description", { site: "Demo" }), locale).toBe(
        games.lobby_title_RNG_description.replace("{{site}}", "Demo"),
      );
    }
  });

  it("draw on the language's one instance, whatever the namespaces asked", async () => {
    const instance = await i18nFor("EN");
    const getFixedT = vi.spyOn(instance, "getFixedT");
    try {
      await fixedT("EN", "games");
      await translate("EN", "lobby_title_RNG");
      expect(getFixedT).toHaveBeenCalledTimes(2);
      expect(getFixedT.mock.calls.map((call) => call[0])).toEqual(["EN", "EN"]);
    } finally {
      getFixedT.mockRestore();
    }
  });
});
