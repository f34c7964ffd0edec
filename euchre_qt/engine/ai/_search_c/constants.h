/* Made by scripts/c_constants.py from euchre_qt's Python constants: do not edit by hand
 * (run python scripts/c_constants.py --write; tests/ai/test_c_constants.py checks it). */
#ifndef SEARCH_CONSTANTS_H
#define SEARCH_CONSTANTS_H

#define CARDS 25                   /* cards.ALL_CARDS: the joker deck; bit i = card i */
#define SLOTS 5                    /* masks.SUIT_SLOTS: four suits and masks.NO_SUIT */
#define PER_SUIT 8                 /* the most cards one effective suit holds (masks.trump_tables) */
#define TURN_SHIFT 26              /* solver.TURN_SHIFT: the seat to lead, above the cards in a key */
#define NO_BOUND 99                /* solver.NO_BOUND: above any trick count */
#define MADE 3                     /* solver.MADE */
#define MARCH 5                    /* solver.MARCH */
#define EUCHRED 2                  /* solver.EUCHRED */
#define CALLER_LEADS_TRUMP_WITH 3  /* habits.CALLER_LEADS_TRUMP_WITH */
#define STRONGER_THAN_ANY 999      /* masks.STRONGER_THAN_ANY */
#define LEAD_NOTHING 0             /* habits.TrumpLead.NOTHING */
#define LEAD_AGAINST 1             /* habits.TrumpLead.AGAINST */
#define LEAD_OR_NO_SIDE_CARD 2     /* habits.TrumpLead.OR_NO_SIDE_CARD */
#define OUT 4                      /* knowledge.OUT: the cards out of play */
#define PLACES 5                   /* four seats and knowledge.OUT */
#define VOID_VALUE 0.5             /* point_count.VOID_VALUE */
#define VOIDS_NEED_TRUMPS 2        /* point_count.VOIDS_NEED_TRUMPS */
#define ACE 14                     /* cards.Rank.ACE */

#endif
