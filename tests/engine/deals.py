"""Deals used by several scenario tests, written like a card table (seats S W N E, then the
kitty with the up-card first). Each says what it is built to show."""

# Hearts turned up; S holds the top trumps but one; W holds the left bower (JD) and no
# other heart; N holds the right bower (JH). Dealer E. Lead trump: W must play JD.
LEFT_BOWER_TRUMP_LED = "S: AH KH QH AC AD  W: JD 9D TD 9C TC  N: JH 9S TS JS QS  E: 9H KC QC JC KS  kitty: TH QD KD AS"

# Hearts trump: N holds the left bower (JD) and no diamond; W holds JH with 9D TD.
# S leads AD: W must follow with 9D or TD (not JH); N may play anything, JD trumps.
LEFT_BOWER_DIAMOND_LED = (
    "S: AD AH KH QH AC  W: JH 9D TD 9C TC  N: JD 9S TS JS QS  E: 9H KC QC JC KS  kitty: TH QD KD AS"
)

# S holds the five top hearts (9H turned up, dealer E): a march whatever anyone plays.
MARCH = "S: JH JD AH KH QH  W: 9C TC JC QC KC  N: 9S TS JS QS KS  E: 9D TD QD KD AD  kitty: 9H TH AC AS"
MARCH_PLAY = "JH, 9C, 9S, 9H, JD, TC, TS, TD, AH, JC, JS, QD, KH, QC, QS, KD, QH, KC, KS, AD"

# S orders hearts (9H up, dealer E) with JH JD AH and two low cards: makers take exactly 3.
MADE = "S: JH JD AH 9C 9S  W: AC KC QC TC 9D  N: TD QD KD AD TS  E: KH QH TH JC JS  kitty: 9H QS KS AS"
MADE_PLAY = "JH, 9D, TS, 9H, JD, TC, TD, TH, AH, QC, QD, QH, 9C, AC, KD, JC, KC, AD, KH, 9S"

# Everyone passes the 9H (dealer E); S calls spades in round 2 with nothing and takes no
# trick: W holds JS JC AS KS AC. S leads 9C and W must follow with AC: JC is a spade now.
EUCHRE = "S: QS 9S 9C TC 9D  W: JS JC AS KS AC  N: TD QD KD AD TS  E: AH KH QH JH JD  kitty: 9H TH KC QC"
EUCHRE_PLAY = "9C, AC, TD, JD, JS, TS, AH, 9S, JC, QD, KH, QS, AS, KD, QH, TC, KS, AD, JH, 9D"
# the same cards with N sitting out (S alone)
EUCHRE_PLAY_S_ALONE = "9C, AC, JD, JS, AH, 9S, JC, KH, QS, AS, QH, TC, KS, JH, 9D"
# ... with E sitting out (W defends alone)
EUCHRE_PLAY_W_DEFENDS_ALONE = "9C, AC, TD, JS, TS, 9S, JC, QD, QS, AS, KD, TC, KS, AD, 9D"
# ... S alone against W alone
EUCHRE_PLAY_HEAD_TO_HEAD = "9C, AC, JS, 9S, JC, QS, AS, TC, KS, 9D"

# The joker deck (25 cards): S holds the joker, W the right bower, N the left bower.
JOKER_DEAL = "S: JK AH 9C TC 9D  W: JH 9S TS JS QS  N: JD KS AS KC QC  E: KH QH TD QD KD  kitty: 9H TH AC JC AD"
