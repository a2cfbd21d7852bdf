// What the engine and the page say to each other: the page's mirror of
// engine/doko/page/contract.py, key for key (tests/engine/test_contract_mirror.py
// compares the two). Types only: `tsc --checkJs` reads them, the page ships nothing.
// Shapes that docs/formats.md gives (game records, results, score sheets, rule sets)
// stay plain objects here as they do in the engine.

// ---- the view: what one seat may see of the table ----------------------------------

/**
 * @typedef {Object<string, any>} JSONObject an object whose shape docs/formats.md gives
 *
 * @typedef {Object} PlayedCard
 * @property {number} seat
 * @property {string} card
 *
 * @typedef {Object} LastTrick
 * @property {PlayedCard[]} cards
 * @property {number} winner
 *
 * @typedef {Object} Declaration
 * @property {number} seat
 * @property {string} what a reservation word: healthy, solo:queens ...
 *
 * @typedef {Object} Announcement
 * @property {number} seat
 * @property {string} word re, kontra, no90 ...
 *
 * @typedef {Object} Parties
 * @property {number[]} re
 * @property {number[]} kontra
 *
 * @typedef {Object} Deadlines
 * @property {string} system none, cards or tricks
 * @property {number} gegenansage
 * @property {number[]} levels one per level: Re/Kontra, keine 90/60/30, schwarz
 * @property {number} tricks_started
 *
 * @typedef {Object} Tag one word on a name plate (doko.page.plates)
 * @property {"party" | "team" | "forced-solo" | "pigs" | "superpigs" | "declaration" | "declined" | "call"} kind
 * @property {string} word re, kontra, A, B, a reservation word or an announcement; "" if none
 *
 * @typedef {Object} Plate
 * @property {number} seat
 * @property {Tag[]} tags
 *
 * @typedef {Object} Reckoning how a deal's lines become the sheet's entries
 * @property {number} value the lines netted: what they give the party ahead (0: none or cancelled)
 * @property {string | null} party the party the value counts for (re/kontra, A/B), null at 0
 * @property {number} scale the scoring's own multiplier on the value (10 under Berndt, else 1)
 * @property {number} solo_factor a soloist writes the value this many times (1: no solo)
 * @property {number} bock_factor every entry doubled per Bock level (1: no Bock)
 * @property {boolean} cancelled Re's and Kontra's lines cancel out: all write 0
 *
 * @typedef {Object} BockStarted the Bockrunden a finished deal starts
 * @property {string[]} triggers what starts them (solo-lost, tie, re-kontra ...)
 * @property {number} rounds rounds added
 * @property {number} deals the coming deals those rounds double
 * @property {string} stack queue or double
 *
 * @typedef {Object} Poverty
 * @property {number} giver
 * @property {number} taker
 * @property {number} returned_trumps
 */

/**
 * @typedef {Object} View
 * @property {string} rules
 * @property {string | JSONObject} rules_spec
 * @property {number} players
 * @property {number} seat
 * @property {number} dealer
 * @property {string} phase
 * @property {number | null} to_act
 * @property {(string | null)[]} bots
 * @property {string[]} hand
 * @property {number[]} hand_sizes
 * @property {string[]} legal action words SEAT:WHAT
 * @property {PlayedCard[]} trick
 * @property {number | null} trick_leader
 * @property {LastTrick | null} last_trick
 * @property {number[]} tricks_won
 * @property {string} contract
 * @property {number | null} declarer
 * @property {Declaration[]} declarations
 * @property {Announcement[]} announcements
 * @property {Parties} known_parties
 * @property {Plate[]} plates each seat's name plate as this seat may know it
 * @property {string[]} received
 * @property {string[]} trumps
 * @property {number | null} pigs
 * @property {number | null} superpigs
 * @property {number[]} eyes_won
 * @property {boolean} tournament
 * @property {Deadlines} deadlines
 * @property {boolean} can_undo
 * @property {JSONObject | null} result
 * @property {Object<string, JSONObject> | null} goals
 * @property {Reckoning | null} reckoning the steps from the lines to the sheet, once over
 * @property {BockStarted | null} bock_started the Bockrunden this finished deal starts
 * @property {JSONObject | null} record
 * @property {JSONObject[]} sheet
 * @property {number[]} totals
 * @property {number[]} owes_duty_solo
 * @property {number | null} forced_solo
 * @property {boolean} duty_solo
 * @property {Poverty | null} poverty
 * @property {number | null} sitting_out
 * @property {boolean} series_finished
 * @property {number | null} rounds
 * @property {number | null} rounds_played
 * @property {number} bock
 * @property {number} bock_to_come
 * @property {boolean} [public] only in the public view (a pass-and-play cover): true
 */

// ---- events: what happened in one step ------------------------------------------------

/**
 * @typedef {"deal_started" | "table_opened" | "reservation" | "poverty_answered"
 *   | "poverty_returned" | "announced" | "card_played" | "pigs_revealed" | "trick_taken"
 *   | "deal_over" | "undone"} EventCode
 *
 * @typedef {Object} DealStarted
 * @property {number} dealer
 * @property {number} bock
 *
 * @typedef {Object<string, never>} TableOpened
 *
 * @typedef {Object} Reservation
 * @property {number} seat
 * @property {string} what
 *
 * @typedef {Object} PovertyAnswered
 * @property {number} seat
 * @property {boolean} accepted
 *
 * @typedef {Object} PovertyReturned
 * @property {number | null} giver
 * @property {number | null} taker
 * @property {number} trumps
 *
 * @typedef {Object} Announced
 * @property {number} seat
 * @property {string} call
 *
 * @typedef {Object} CardPlayed
 * @property {number} seat
 * @property {string} card
 *
 * @typedef {Object} PigsRevealed
 * @property {number | null} seat
 * @property {"pigs" | "superpigs"} kind
 *
 * @typedef {Object} TrickTaken
 * @property {number} seat
 * @property {number} trick 1-based
 * @property {number} points the trick's Augen
 *
 * @typedef {Object} DealOver
 * @property {string} contract
 *
 * @typedef {Object} Undone
 * @property {number} seat
 *
 * @typedef {DealStarted | TableOpened | Reservation | PovertyAnswered | PovertyReturned
 *   | Announced | CardPlayed | PigsRevealed | TrickTaken | DealOver | Undone} EventParams
 *
 * @typedef {Object} EventJSON
 * @property {EventCode} code
 * @property {EventParams} params
 */

// ---- the saved table and the answers of the requests that move it ---------------------

/**
 * @typedef {Object} SavedTable save's answer and resume's table
 * @property {number} version
 * @property {JSONObject | null} series
 * @property {JSONObject[]} loose
 * @property {JSONObject} game
 * @property {number} seat
 * @property {(string | null)[]} bots
 * @property {number} [undo_from] actions before it are never taken back
 *
 * @typedef {Object} Step the answer of every request that moves the table
 * @property {View} view
 * @property {EventJSON[]} events
 * @property {SavedTable} save
 *
 * @typedef {Object} Hint
 * @property {string} action
 * @property {string} reason
 *
 * @typedef {Object} DealRecord
 * @property {JSONObject} record
 * @property {number} seat
 * @property {(string | null)[]} bots
 *
 * @typedef {Object} Refusal any request's answer when the engine refuses it
 * @property {string} error
 * @property {string} code
 * @property {JSONObject} params
 */

// ---- payloads: what the page sends -----------------------------------------------------

/**
 * @typedef {Object} NewGamePayload
 * @property {string | JSONObject} [rules]
 * @property {number} [seed]
 * @property {number} [players]
 * @property {number} [seat]
 * @property {string} [level]
 * @property {(string | null)[]} [bots]
 * @property {number} [dealer]
 * @property {number} [rounds]
 *
 * @typedef {Object} ActPayload
 * @property {string} action SEAT:WHAT
 *
 * @typedef {Object} SeatPayload view and hint: the seat asked about
 * @property {number} [seat]
 * @property {boolean} [public] view only
 *
 * @typedef {Object} BotsPayload
 * @property {(string | null)[]} bots
 *
 * @typedef {Object} LoadRecordPayload
 * @property {JSONObject} [record]
 * @property {number} [seat]
 *
 * @typedef {Object} ResumePayload
 * @property {SavedTable} table
 *
 * @typedef {Object} DealRecordPayload
 * @property {number} game 0-based, in the sheet's order
 */

// ---- every request the worker answers: [payload, answer] --------------------------------

/**
 * @typedef {Object} Requests
 * @property {[JSONObject, JSONObject]} rules
 * @property {[NewGamePayload, Step]} new_game
 * @property {[ActPayload, Step]} act
 * @property {[JSONObject, Step]} bot
 * @property {[SeatPayload, Hint]} hint
 * @property {[SeatPayload, View]} view
 * @property {[JSONObject, JSONObject]} record
 * @property {[JSONObject, Step]} next_game
 * @property {[LoadRecordPayload, Step]} load_record
 * @property {[BotsPayload, Step]} set_bots
 * @property {[JSONObject, SavedTable]} save
 * @property {[ResumePayload, Step]} resume
 * @property {[JSONObject, Step]} undo
 * @property {[DealRecordPayload, DealRecord]} deal_record
 * @property {[JSONObject, JSONObject]} score
 * @property {[JSONObject, JSONObject]} score_sheet
 * @property {[JSONObject, JSONObject]} check_entries
 * @property {[JSONObject, JSONObject]} tournament_draw
 * @property {[JSONObject, JSONObject]} tournament_check_sheet
 * @property {[JSONObject, JSONObject]} tournament_standings
 * @property {[JSONObject, JSONObject]} bench
 * @property {[JSONObject, JSONObject]} review_start
 * @property {[JSONObject, JSONObject]} review_step
 * @property {[JSONObject, JSONObject]} review_summary
 * @property {[JSONObject, JSONObject]} duplicate_step
 * @property {[JSONObject, JSONObject]} encode_link
 * @property {[JSONObject, JSONObject]} encode_notes
 * @property {[JSONObject, JSONObject]} open_link
 * @property {[JSONObject, JSONObject]} replay_record
 * @property {[JSONObject, JSONObject]} demos
 * @property {[JSONObject, JSONObject]} check_rules
 * @property {[JSONObject, JSONObject]} rules_help
 *
 * @typedef {keyof Requests} RequestType
 */

// ---- the worker's messages: {id, type, payload} out, {id, ok, result | error} in ------

/**
 * @typedef {Object} WorkerRequest
 * @property {number} id
 * @property {RequestType} type
 * @property {JSONObject} payload
 *
 * @typedef {Object} WorkerError
 * @property {string} message
 * @property {string | null} code
 * @property {JSONObject} [params]
 *
 * @typedef {{id: number | null, ok: true, result: any} | {id: number | null, ok: false,
 *   error: WorkerError}} WorkerAnswer
 */

export {};
