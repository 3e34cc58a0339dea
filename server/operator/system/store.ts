/** SQL of the system area: the merchant, its whitelabel switches and its page settings. */
import { metaValue, setMetaValue, type Db } from "../db";

export interface MerchantRow {
  code: string;
  site_title: string;
  currency: string;
  currency_symbol: string;
  currency_position: string;
  logo_url: string;
  register_url: string;
  maintenance: number;
  maintenance_start: string | null;
  maintenance_end: string | null;
  region_restriction: number;
  /** JSON of the brand colours, or null. */
  theme: string | null;
  /** JSON lists of URLs. */
  image_cdns: string;
  launch_game_cdns: string;
}

export function merchantByCode(db: Db, code: string): MerchantRow | undefined {
  return db.prepare("SELECT * FROM merchants WHERE code = ?").get(code) as MerchantRow | undefined;
}

export function features(db: Db, merchantCode: string): Record<string, boolean> {
  const rows = db.prepare("SELECT feature, enabled FROM merchant_features WHERE merchant_code = ? ORDER BY rowid").all(merchantCode) as {
    feature: string;
    enabled: number;
  }[];
  return Object.fromEntries(rows.map((r) => [r.feature, r.enabled === 1]));
}

export function featureOn(db: Db, merchantCode: string, name: string): boolean {
  return features(db, merchantCode)[name] === true;
}

/** Turns switches on or off (tests and the demo); unknown names are stored as given. */
export function setFeatures(db: Db, merchantCode: string, switches: Record<string, boolean>): void {
  const upsert = db.prepare(
    `INSERT INTO merchant_features (merchant_code, feature, enabled) VALUES (?, ?, ?)
     ON CONFLICT (merchant_code, feature) DO UPDATE SET enabled = excluded.enabled`,
  );
  db.transaction(() => {
    for (const [name, on] of Object.entries(switches)) upsert.run(merchantCode, name, on ? 1 : 0);
  })();
}

/** What a registration page does with a referral code that fails its check (document 000, section 5); 0 unless set. */
export function pageAffiliate(db: Db): number {
  const value = metaValue(db, "page_affiliate");
  return value === undefined ? 0 : Number(value);
}

export function setPageAffiliate(db: Db, value: number): void {
  setMetaValue(db, "page_affiliate", String(value));
}

/** A JSON list of strings from a column; [] when it is anything else. */
function urlList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export function merchantTheme(merchant: MerchantRow): Record<string, string> | null {
  if (!merchant.theme) return null;
  try {
    const value: unknown = JSON.parse(merchant.theme);
    return typeof value === "object" && value !== null ? (value as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** The CDN lists of the status' info. */
export function merchantCdns(merchant: MerchantRow): { imageCDNs: string[]; launchGameCDNs: string[] } {
  return { imageCDNs: urlList(merchant.image_cdns), launchGameCDNs: urlList(merchant.launch_game_cdns) };
}

export function setMerchantCdns(db: Db, merchantCode: string, cdns: { imageCDNs?: string[]; launchGameCDNs?: string[] }): void {
  if (cdns.imageCDNs) db.prepare("UPDATE merchants SET image_cdns = ? WHERE code = ?").run(JSON.stringify(cdns.imageCDNs), merchantCode);
  if (cdns.launchGameCDNs) {
    db.prepare("UPDATE merchants SET launch_game_cdns = ? WHERE code = ?").run(JSON.stringify(cdns.launchGameCDNs), merchantCode);
  }
}

/** Turns maintenance and the region restriction on or off, with the maintenance window (ISO times). */
export function setSiteStatus(
  db: Db,
  merchantCode: string,
  status: { maintenance?: boolean; regionRestriction?: boolean; maintenanceStart?: string | null; maintenanceEnd?: string | null },
): void {
  const set = (column: string, value: unknown) => db.prepare(`UPDATE merchants SET ${column} = ? WHERE code = ?`).run(value, merchantCode);
  if (status.maintenance !== undefined) set("maintenance", status.maintenance ? 1 : 0);
  if (status.regionRestriction !== undefined) set("region_restriction", status.regionRestriction ? 1 : 0);
  if (status.maintenanceStart !== undefined) set("maintenance_start", status.maintenanceStart);
  if (status.maintenanceEnd !== undefined) set("maintenance_end", status.maintenanceEnd);
}

/** The logo URL as answered: an operator path (/res/…) against the operator's public URL, anything else as stored. */
export function logoUrlOf(merchant: MerchantRow, publicUrl: string): string {
  return merchant.logo_url.startsWith("/res/") ? `${publicUrl}${merchant.logo_url}` : merchant.logo_url;
}
