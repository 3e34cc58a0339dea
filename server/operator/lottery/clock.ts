/**
 * The lottery clock: which issue of a game is open at a moment, how long until it is drawn,
 * whether it is still on sale, and the winning numbers of a draw. Issues are numbered by the
 * operator's date (UTC+8, as the original lotteries are) and a sequence that restarts daily:
 * "20261125-0412". Pure: the store keeps the draws, the routes answer with these.
 */
import { randomInt } from "node:crypto";
import type { LotteryGame, LotteryKind } from "./catalogue";

const DAY_MS = 86_400_000;
/** The operator's day starts at midnight UTC+8. */
const ZONE_MS = 8 * 3_600_000;

export interface Issue {
  numero: string;
  /** When sale opened (the previous draw) and when this issue is drawn, epoch ms. */
  startsAt: number;
  drawAt: number;
}

export interface IssueState {
  numero: string;
  isSale: boolean;
  /** Whole seconds until the draw. */
  remainTime: number;
  /** Seconds before the draw when sale stops. */
  lockTime: number;
}

function dayStart(t: number): number {
  return Math.floor((t + ZONE_MS) / DAY_MS) * DAY_MS - ZONE_MS;
}

function numeroOf(day: number, seq: number, perDay: number): string {
  const date = new Date(day + ZONE_MS).toISOString().slice(0, 10).replaceAll("-", "");
  return `${date}-${String(seq).padStart(String(perDay).length, "0")}`;
}

/** The issue of a game that is drawn at the end of the period holding t, shifted by `offset` issues. */
export function issueAt(game: Pick<LotteryGame, "period">, t: number, offset = 0): Issue {
  const period = game.period * 1000;
  const perDay = DAY_MS / period;
  const start = dayStart(t);
  // 0-based index of the open period across days, then shifted.
  const index = Math.floor((t - start) / period) + offset;
  const day = start + Math.floor(index / perDay) * DAY_MS;
  const seq = (((index % perDay) + perDay) % perDay) + 1;
  const drawAt = day + seq * period;
  return { numero: numeroOf(day, seq, perDay), startsAt: drawAt - period, drawAt };
}

/** The issue as the opened-issue call answers it at t. */
export function issueState(game: Pick<LotteryGame, "period" | "lock">, issue: Issue, t: number): IssueState {
  const remainTime = Math.max(0, Math.ceil((issue.drawAt - t) / 1000));
  return { numero: issue.numero, isSale: t >= issue.startsAt && remainTime > game.lock, remainTime, lockTime: game.lock };
}

/** The issues drawn before t, newest first. */
export function drawnIssues(game: Pick<LotteryGame, "period">, t: number, count: number): Issue[] {
  return Array.from({ length: count }, (_, i) => issueAt(game, t, -1 - i));
}

const pad2 = (v: number) => String(v).padStart(2, "0");

/** `count` distinct numbers from 1..max, in draw order. */
function distinct(count: number, max: number, rand: (max: number) => number): number[] {
  const pool = Array.from({ length: max }, (_, i) => i + 1);
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(pool.splice(rand(pool.length), 1)[0]);
  return out;
}

/** A draw's winning number as the draw calls answer it (winNo). */
export function drawWinNo(kind: LotteryKind, rand: (max: number) => number = randomInt): string {
  const digits = (count: number, max = 10) => Array.from({ length: count }, () => rand(max));
  switch (kind) {
    case "SSC":
      return digits(5).join(",");
    case "11X5":
      return distinct(5, 11, rand).map(pad2).join(",");
    case "K3":
      return digits(3, 6)
        .map((d) => d + 1)
        .join(",");
    case "PK10":
      return distinct(10, 10, rand).map(pad2).join(",");
    case "DIGITS6":
      return digits(6).join("");
    case "DIGITS5":
      return digits(5).join("");
    case "DIGITS4":
      return digits(4).join("");
  }
}
