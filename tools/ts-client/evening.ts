/**
 * A whole evening at the table through openapi-fetch, typed by openapi-typescript from the
 * API's document (generated/api.d.ts), as a program using them would be written: no cast, no
 * `any`, no token (the table has none). script/check-ts-client generates the types, checks this
 * file with `tsc --strict` and runs it against a server: `node build/evening.js URL`.
 *
 * The same evening as tests/api/clientevening/evening.py (its docstring works out each figure
 * from docs/RULES.md section 5): Brooklyn, Ann, Bob and Cal, 10 cents a unit.
 *
 * The API's field names the evening sends and reads are in `hand`, `meld`, `payment`,
 * `totals` and `owed` and where `play` reads a session (`hands`).
 */

import createClient from "openapi-fetch";
import type { components, paths } from "./generated/api.js";

type Schemas = components["schemas"];
type Suit = "S" | "H" | "D" | "C";
type Outcome = Schemas["Outcome"];

/** The data of a successful answer, or a failure saying what came instead. */
function ok<T>(what: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) {
    const problem = JSON.stringify(result.error);
    throw new Error(`${what}: ${String(result.response.status)} ${problem}`);
  }
  return result.data;
}

/** A hand as the table enters it: the outcome, or the figures it is worked out from. */
function hand(
  declarer: number,
  bid: number,
  trump: Suit,
  more: { outcome?: Outcome; melds?: Schemas["MeldBody"][]; tricks?: number } = {},
): Schemas["HandBody"] {
  return { declarer_id: declarer, bid, trump, ...more };
}

/** One player's meld, as a number. */
function meld(player: number, points: number): Schemas["MeldBody"] {
  return { player_id: player, text: String(points) };
}

/** Money one player handed another toward the session. */
function payment(payer: number, payee: number, cents: number): Schemas["PaymentBody"] {
  return { payer_id: payer, payee_id: payee, cents, note: "at the table" };
}

/** The first player id of a holder (a player's own). */
function idOf(holder: Schemas["HolderRef"]): number {
  const id = holder.player_ids[0];
  if (id === undefined) {
    throw new Error(`${holder.name} is not a player`);
  }
  return id;
}

/** Each player's total in units, by name, as "Ann -2 Bob 4 Cal -2". */
function totals(standings: Schemas["Standings"], names: Map<number, string>): string {
  return standings.rows
    .filter((row) => row.holder.kind === "player")
    .map((row) => `${names.get(idOf(row.holder)) ?? "?"} ${String(row.figure)}`)
    .join(" ");
}

/** Who pays whom how many cents, by names, as "Ann->Bob 60". */
function owed(payments: Schemas["PaymentOut"][], names: Map<number, string>): string {
  return payments
    .map((p) => {
      const [payer, payee] = [names.get(p.payer_id ?? 0), names.get(p.payee_id ?? 0)];
      return `${payer ?? "?"}->${payee ?? "?"} ${String(p.cents)}`;
    })
    .join(", ");
}

/** A figure as the table worked it out, or a failure saying what came instead. */
function expect(what: string, actual: string | number, wanted: string | number): void {
  if (actual !== wanted) {
    throw new Error(`${what}: ${String(actual)}, not ${String(wanted)}`);
  }
}

/** The evening, each figure checked as the table worked it out. */
async function play(baseUrl: string): Promise<void> {
  const client = createClient<paths>({ baseUrl });
  const session = ok(
    "start",
    await client.POST("/api/v1/sessions", {
      body: { players: ["Ann", "Bob", "Cal"], system: "brooklyn" },
      params: { header: { "Idempotency-Key": `ts-evening-${String(Date.now())}` } },
    }),
  );
  const names = new Map(session.players.map((p) => [p.id, p.name]));
  const [ann, bob, cal] = session.players.map((p) => p.id);
  if (ann === undefined || bob === undefined || cal === undefined) {
    throw new Error("three players were seated");
  }
  const path = { session_id: session.id };

  async function enter(body: Schemas["HandBody"]): Promise<Schemas["SavedHandOut"]> {
    const hands = "/api/v1/sessions/{session_id}/hands";
    return ok("hand", await client.POST(hands, { params: { path }, body }));
  }

  const first = await enter(hand(bob, 350, "H", { outcome: "made" }));
  expect("after 1", totals(first.standings, names), "Ann -2 Bob 4 Cal -2");
  const second = await enter(hand(cal, 300, "S", { outcome: "made" }));
  expect("after 2", totals(second.standings, names), "Ann -4 Bob 2 Cal 2");
  const third = await enter(hand(ann, 400, "D", { outcome: "set" }));
  expect("after 3", totals(third.standings, names), "Ann -20 Bob 10 Cal 10");

  const corrected = ok(
    "correct hand 2",
    await client.PUT("/api/v1/sessions/{session_id}/hands/{number}", {
      params: { path: { ...path, number: 2 }, header: { "If-Match": second.hand.etag } },
      body: hand(cal, 300, "S", { outcome: "set" }),
    }),
  );
  expect("hand 2 corrected", totals(corrected.standings, names), "Ann -14 Bob 16 Cal -2");
  const reread = ok(
    "read hand 2",
    await client.GET("/api/v1/sessions/{session_id}/hands/{number}", {
      params: { path: { ...path, number: 2 } },
    }),
  );
  expect("hand 2's version", reread.etag, corrected.hand.etag);

  const deleted = ok(
    "delete hand 3",
    await client.DELETE("/api/v1/sessions/{session_id}/hands/{number}", {
      params: { path: { ...path, number: 3 }, header: { "If-Match": third.hand.etag } },
    }),
  );
  expect("hand 3 deleted", totals(deleted, names), "Ann 2 Bob 8 Cal -10");

  const last = await enter(hand(bob, 450, "C", { melds: [meld(bob, 250)], tricks: 200 }));
  expect("the new hand 3", last.hand.number, 3);
  expect("450 reached", last.hand.result.outcome, "made");
  expect("after the new 3", totals(last.standings, names), "Ann -6 Bob 24 Cal -18");

  const read = ok("read", await client.GET("/api/v1/sessions/{session_id}", { params: { path } }));
  expect("hand_count", read.hand_count, 3);
  expect("fewest payments", owed(read.settlement.fewest, names), "Ann->Bob 60, Cal->Bob 180");

  const paid = ok(
    "payment",
    await client.POST("/api/v1/sessions/{session_id}/payments", {
      params: { path },
      body: payment(cal, bob, 180),
    }),
  );
  expect("paid", paid.payment.cents, 180);
  expect("still to pay", owed(paid.still_to_pay, names), "Ann->Bob 60");
}

const url = process.argv[2];
if (url === undefined) {
  throw new Error("usage: node build/evening.js http://127.0.0.1:PORT");
}
await play(url);
console.log(`An evening through openapi-fetch at ${url}: every figure as worked out by hand.`);
