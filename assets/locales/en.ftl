## The game's words in English. Every other language's file has the same ids; adding a
## language is adding one file (and its name in src/client/words/language.rs).

player-default = Player { $number }
bot-named = Bot ({ $level })

## Names of choices

variant-classic = Classic
variant-disc-pool = Disc Pool
variant-freestyle = Freestyle
board-standard = Standard
board-icf = ICF
level-easy = Easy
level-medium = Medium
level-hard = Hard
mode-pass-and-play = Pass and play
mode-vs-bot = vs Bot
mode-online = Online
mode-lan = On this network
colour-white = white
colour-black = black

## The carrom HUD

hud-title = { $game }, { $players } players, { $board } board
hud-nobody = nobody
hud-plays = plays { $colour }
hud-score-of = score { $score } of { $target }
hud-score = score { $score }
hud-discs-left = { $count ->
    [0] all discs cleared
    [one] { $count } disc to clear
   *[other] { $count } discs to clear
}
hud-pocketed = pocketed { $pieces }
hud-owes = owes { $count ->
    [one] { $count } piece
   *[other] { $count } pieces
}
hud-last-stroke = Last stroke
hud-power = Power
hud-pause = Pause
piece-white = { $count ->
    [one] a white
   *[other] { $count } whites
}
piece-black = { $count ->
    [one] a black
   *[other] { $count } blacks
}
piece-queen = the queen
piece-striker = the striker
turn-drawn = The match is drawn
turn-won = { $names } won the match
turn-board-over = Board over: the next board is being racked
turn-struck = { $name } has struck
turn-shoot = { $name } to shoot
turn-break = { $name } to break
turn-break-attempt = { $name } to break (attempt { $attempt } of 3)
queen-absent = No queen in Disc Pool
queen-on-board = Queen: on the board
queen-pending = Queen: pocketed by { $names }, awaiting cover
queen-covered = Queen: covered by { $names }
clock-board-tie = Board { $board }: tie-break
clock-board = Board { $board } of { $boards }
clock-none = No shot clock
clock-left = Shot clock: { $seconds } s
clock-per-stroke = Shot clock: { $seconds } s per stroke
ruling-racked = The board is racked. Drag the striker to place it, pull back to aim.
ruling-again = Shoot again.
ruling-passes = The turn passes to { $name }.
ruling-time = Time ran out.
ruling-resigned = A side resigned.
ruling-foul = Foul – { $what } ({ $rule }).
ruling-pocketed = Pocketed { $pieces }.
ruling-nothing = Nothing pocketed.
ruling-returned = { $count ->
    [one] { $count } piece goes
   *[other] { $count } pieces go
} back to the centre.
ruling-queen-back = The queen goes back to the centre.
ruling-board-over = The board is over.
ruling-board-won = { $names } won the board (+{ $points }).
foul-striker-pocketed = the striker went into a pocket
foul-left-board = a piece left the board
foul-opponent-piece = an opponent's piece was pocketed
foul-last-before-queen = your last piece went down before the queen was covered
foul-opponent-last = the opponent's last piece was pocketed
foul-failed-break = three break attempts touched nothing
foul-no-touch = the striker touched nothing
foul-striker-off = the striker left the board
help-bot =
    The bot is playing.

    Esc: pause
help-watching =
    Watching { $name } aim: the aim shows live.

    Esc: stop watching
help-remote = Another player is aiming: their aim shows live.
help-human =
    Mouse: drag the striker along the baseline; drag anywhere else to pull back, let go to strike.

    Keys: Left/Right place, Up/Down aim (Shift: fine), hold Space to charge, release to strike.

    Esc: pause

## English draughts

draughts-title = English draughts
draughts-black = Black
draughts-red = Red
draughts-computer = Computer ({ $level })
draughts-take-back = Take back
draughts-hint = Hint
draughts-moves = Moves
draughts-back-to-game = Back to the game
draughts-reviewing = Looking back: the position after { $move }. The game goes on.
draughts-reviewing-start = Looking back: the position at the start. The game goes on.
draughts-offer-draw = Offer a draw
draughts-accept = Accept
draughts-decline = Decline
draughts-draw-offered = { $name } offers a draw.
draughts-take-back-asked = { $name } asks to take back a move.
draughts-offer-waiting = Waiting for the answer to your offer…
draughts-to-move = { $colour } to move ({ $name })
draughts-thinking = The computer is thinking…
draughts-your-move = Your move
draughts-capture-required = Capturing is required [CK-5].
draughts-side = { $colour } – { $name }: { $pieces } on the board, { $captured } captured
draughts-last-move = Last move: { $move }
draughts-ballot = Ballot { $number }: { $moves }
draughts-help = Click a piece, then where it goes (or drag it). In a multi-jump click each landing, or the last. Or type a square's number and Enter. Esc: pause, resign. PgUp/PgDn: through the moves; End: back to the game.
draughts-wins = { $name } wins
draughts-a-draw = A draw
draughts-summary-side = { $name } ({ $colour }): captured { $captured }
draughts-save-pdn = Save as PDN
draughts-no-move = { $colour } has no legal move left [CK-9].
draughts-drawn-repetition = Drawn: the same position for the third time [CK-10].
draughts-drawn-forty = Drawn: 40 moves each without a capture or a man moving [CK-10].
draughts-resigned = { $colour } resigned.
draughts-drawn-agreed = Drawn by agreement.
draughts-left = { $name } left the game: it is ruled a forfeit.

## Banners over the board

banner-board-drawn = The board is drawn
banner-board-to = Board to { $names }
banner-covered = { $names } covered the queen
banner-foul = Foul: { $what } ({ $rule })

## How to play (the rule ids in brackets stay as they are)

rules-common =
    Take turns flicking the striker from your baseline, the two lines in front of you. The striker must sit on the baseline, either fully covering one of the red circles at its ends or clear of them [CM-4], and you must shoot forwards, away from your own edge [CM-5]. Pieces that go back come out at the free spot nearest the centre [CM-7].
rules-controls =
    Mouse: drag the striker left and right along your baseline. Then press anywhere else on the board and pull back, like a slingshot: the striker flies away from the pointer, and the further you pull, the harder it goes. Let go to strike. The guide line shows where the striker first meets something.
    Keyboard: Left/Right move the striker, Up/Down turn the aim (hold Shift for small steps), hold Space to build up power and let go to strike. Esc pauses.
rules-classic =
    Classic carrom, for 2, 3 or 4 players (4 play as two pairs, partners facing each other).

    Colours: with 2 or 4, the side that breaks plays white, the other black. Pocket your own colour (or the queen) without a foul and you shoot again [CL-4]. The break gets three tries to touch a piece [CL-3].

    The queen (red): you may take it only once you have pocketed one of your own pieces, or do so in the same stroke [CL-5]; then cover it by pocketing one of your own in the same or the next stroke, or it goes back to the centre [CL-6]. Whenever a rule sends the queen back, she is on the board again, free for either side [CM-11].

    Fouls end your turn and cost you a piece, which goes back to the centre (if you have none yet, you owe it): pocketing the striker, knocking a piece off the board, pocketing an opponent's piece, pocketing your own last piece before the queen is covered, pocketing the opponent's last piece, or three failed breaks [CL-9 a-e, g].

    Once the queen is covered, whoever clears their colour wins the board [CL-7]. The winner scores 1 for each opposing piece left, and 5 more for the queen only if the winner is the side that covered her; the loser scores nothing [CL-8]. First to 25 wins; otherwise the best total after 8 boards, a tie settled by one more board [CL-10].

    With 3 players nobody owns a colour: black scores 1, white 2, the queen 5 (after a cover), and every clean pocket keeps your turn [CL-12].

    How to win: pocket a few of your own before you go for the queen, so a cover is always near; never sink your last piece before she is covered; and leave the opponent's pieces alone near the pockets – a stroke that drops one of theirs is a foul.
rules-disc-pool =
    Disc Pool, for 2 players or two pairs – the easiest way to start. No queen: nine white and nine black discs [DP-1]. Player 1 plays white and breaks [DP-2].

    Every disc counts for its own colour, whoever pockets it [DP-3]. You shoot again only when you pocket at least one of your colour without a foul [DP-4].

    Fouls: the striker touches nothing, leaves the board, or drops into a pocket (it can on the ICF board). A foul only ends your turn; nothing comes back [DP-5].

    The first side with all nine of its discs pocketed wins. If one stroke finishes both colours, the shooter's side wins [DP-6].

    How to win: look at the disc beside the pocket, not just your target – a stroke that drops theirs helps them. Play soft near the pockets: a disc that arrives too fast bounces out. Clear the awkward discs on the cushions first, and be bold: a foul costs only the turn.
rules-freestyle =
    Freestyle, for 2, 3 or 4 players (4 play as two pairs). Nobody owns a colour: every piece scores for whoever pockets it. White 20, black 10, the queen 50 once covered; 320 points on the board in all [FS-1].

    Any clean pocket lets you shoot again [FS-3].

    The queen: pocket it together with another piece and it counts at once. Pocket it alone and you must pocket any piece with your next stroke to cover it, or it goes back to the centre [FS-4]. If the queen is the last piece on the board, she counts at once.

    Fouls: the striker touches nothing, leaves the board, or drops into a pocket (it can on the ICF board). Everything pocketed in that stroke comes back out and scores nothing; if the striker left the board you also lose your most recently scored piece [FS-5].

    First to 160 wins at once. If the board is cleared first, the highest score wins; equal highest scores are a draw [FS-6].

    How to win: whites are worth twice the blacks, so take a white when both are on; pocket the queen with another piece in the same stroke, so she counts at once; and keep the striker on the board – losing it costs your last piece as well.
rules-draughts =
    English draughts (checkers), for two. The board has 64 squares but only the 32 dark ones are played on; they carry the standard numbers 1 to 32 [CK-1]. Each side starts with 12 men on the three rows nearest it. Black moves first, then Black and Red take turns [CK-2].

    A man moves one square diagonally forwards onto an empty square [CK-3]. To capture, jump diagonally over an enemy piece next to you onto the empty square just behind it; the jumped piece is taken off. Men capture forwards only [CK-4]. If you can capture, you must – but when there are several captures you may pick any of them, not only the longest [CK-5]. After a jump, if the same piece can jump again it must, in the same move, turning if it likes, until no jump is left [CK-6].

    A man that reaches the far row becomes a king, and its move ends there, even in the middle of a run of jumps [CK-7]. A king moves and captures one square diagonally in all four directions; it does not fly across the board [CK-8].

    You win when the other side cannot move: no pieces left, or every one blocked [CK-9]. The game is drawn when the same position with the same side to move comes up for the third time, or after 40 moves by each side with no capture and no man moving; the game sees both and ends itself [CK-10]. You may also resign.

    Tips: keep your back row at home as long as you can – it stops enemy men from crowning. Trade pieces when you are ahead. A piece in the middle of the board does more than one on the edge.
rules-draughts-controls =
    Click a piece to pick it up: rings show where it can go; click one to move there. You may also drag the piece and drop it. When a capture is compulsory the pieces that can capture are ringed in orange and the status line says so; the pieces a capture would take are crossed. For a run of jumps click each landing square in turn, or the last one; when only one way on is left it plays itself. Keyboard: type a square's number and press Enter, then the number of where it goes. Take back undoes your last move (and the computer's reply) [CK-13]. Esc pauses, where you can resign.

## Home

back = Back
seconds = { $seconds } s
game-draughts = Draughts
how-to-play-title = How to play { $game }
home-title = carrom
home-tagline = Flick the striker, pocket the pieces.
home-game = Game
home-mode = Mode
home-players = Players
home-bot = Bot
home-seats = Seats
home-seat-you = Player 1: you
home-seat-bot = Player { $number }: bot
home-seat-person = Player { $number }: person
home-board = Board
home-shot-clock = Shot clock
home-off = Off
home-on = On
home-hints = Hints
home-grace = If a player drops, wait
home-standard-start = the standard start
home-start-from = Start from
home-opening = Opening
home-opening-free = Free
home-opening-ballot = Three-move ballot
home-ballot-by-lot = drawn by lot, or its number
home-barred-ballot = Ballot { $number } is barred: it loses by force.
home-no-such-ballot = There is no ballot { $number } on the list.
home-computer = Computer
home-you-play = You play
home-moves-first = { $colour } (moves first)
home-moves-second = { $colour } (moves second)
home-score-computer = Your score against the computer ({ $level }): { $won } won, { $lost } lost, { $drawn } drawn
home-score-people = { $names }: { $won }–{ $lost }, { $drawn } drawn
home-no-games = No games between people yet.
home-quick = Quick match: { $game }
home-quick-carrom = Quick match: { $game }, { $players } players
home-create = Create private match
home-type-code = type a code
home-invite-code = Invite code
home-join = Join
home-watch = Watch a match
home-server = Signaling server: { $server } (change it in Settings)
lan-desktop-only = Games on this network are hosted and found by the desktop game.
home-host-lan = Host on this network
home-join-lan = Join on this network
home-lan-how = No internet needed: one machine hosts, the others find its game.
home-rejoin = Rejoin match
home-rejoin-code = Rejoin match { $code }
home-play = Play
home-resume = Resume { $game } match
home-resume-draughts = Resume draughts game
home-how-to-play = How to play
home-replays = Replays
home-settings = Settings
home-quit = Quit
home-keys = Tab or arrow keys move, Enter presses, Esc goes back.
home-bad-position = That position cannot be set up: { $why }
home-no-randomness = No match can start: this system gave no random numbers for its seed ({ $why }).

## Replays

game-carrom = Carrom
replays-set-aside = Could not read, set aside: { $files }
replays-no-directory = There is no data directory: no records are kept.
replays-cannot-show = This record cannot be shown: { $why }.
replays-copied = Copied to { $path }
replays-not-copied = Could not copy it to { $path }: { $why }
replays-file-cannot-show = { $path } cannot be shown: { $why }.
replays-none = No matches kept yet: every match you play is.
replays-watch = Watch
replays-export = Export
replays-type-path = type a record's path
replays-open-file = Open a file
replays-open = Open
replays-none-written = no record was written
replays-replay-cannot-show = The replay cannot be shown: { $why }.
replays-unfinished = Left unfinished
date-time = { $day } { $month ->
    [1] Jan
    [2] Feb
    [3] Mar
    [4] Apr
    [5] May
    [6] Jun
    [7] Jul
    [8] Aug
    [9] Sep
    [10] Oct
    [11] Nov
   *[12] Dec
} { $year }, { $time }
replays-strokes = { $count ->
    [one] { $count } stroke
   *[other] { $count } strokes
}
replays-moves = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
record-format = it is in record format { $found }, and this version reads format { $reads }
record-sim-version = it was recorded by simulation version { $found } and this is version { $current }: it would not play the same
record-too-long = it claims { $frames } frames, more than a twelve-hour match ({ $most })
record-after-the-end = it has inputs or strokes after its last frame ({ $frames })
record-bad-input = frame { $frame } holds an input that cannot be read
record-no-player = frame { $frame } holds an input for player { $player }, who is not in the match
record-bad-start = its starting state cannot be read
record-unknown-game = it names a game this version does not know ({ $name })
record-unknown-board = it names a board this version does not know ({ $name })
record-bad-settings = its settings are not a match's: { $why }
record-bad-draughts-start = its starting position ({ $fen }) cannot be read: { $why }
record-bad-draughts-move = move { $ply } ({ $move }) cannot be played: { $why }
record-bad-draughts-ballot = it names ballot { $number }, but its moves do not open with it

## Settings

settings-language = Language
settings-names = Player names (click to change)
settings-signaling = Signaling server (online)
settings-ice-urls = STUN / TURN URLs
settings-turn-user = TURN user name
settings-turn-credential = TURN credential
settings-none = none
settings-ice-note = No ICE servers: direct connections only (a LAN). One credential serves every TURN URL.
settings-volume = Sound volume
settings-display = Display
settings-full-screen = Full screen
settings-window = Window
settings-digits = Digits
settings-haptics = Vibration
settings-haptics-on = Buzz on hits
settings-haptics-off = Off
settings-replays-kept = Replays kept
theme-classic-wood = Classic wood
theme-tournament-light = Tournament light
theme-high-contrast = High contrast

## Pause, results, lobby

pause-title = Paused
pause-continue = Continue
pause-leave-replay = Leave the replay
pause-stop-watching = Stop watching
pause-resign = Resign
pause-resign-for = Resign for { $name }
pause-save-and-leave = Save and go home
results-rematch = Rematch
results-home = Home
results-watch-replay = Watch replay
lobby-lan-how = You host this game. Players here choose Join on this network and find it, or type an address:
lobby-no-address = (this machine has no network address)
lobby-copy-link = Copy link
lobby-try-again = Try again
lobby-in-browser = In a browser:
lobby-or-command = or: carrom --join { $code }
lobby-copied = Copied: paste it to your friends.
lobby-not-copied = Could not copy the link ({ $why }): share the code shown above.
lobby-connecting-server = Connecting to the signaling server…
lobby-connecting-host = Connecting to the host…
lobby-connecting-players = Connecting to the match's players…
lobby-rejoining = Taking your seat back…
lobby-cannot-rejoin = Cannot rejoin the match: { $why }.
rejoin-other-format = it was written by another version of the game: format { $found }, this one reads { $reads }
rejoin-unreadable = it cannot be read (line { $line }, column { $column })
rejoin-other-protocol = it was played with protocol { $protocol }
rejoin-damaged = its match state is damaged
rejoin-too-old = it was left too long ago
rejoin-no-seat = it names no seat of a match
rejoin-no-id = it names no id
rejoin-no-key = it holds no seat key
rejoin-wrong-key = its seat key is not its seat's
lobby-not-a-code = { $text } is not an invite code (13 letters and digits).
lobby-watch-other-version = Cannot watch { $host }'s game: it is another version's.
lobby-cannot-host = Cannot host on this network: { $why }
lobby-no-randomness = No room can be made: this system gave no random numbers for its code ({ $why }).
lobby-cannot-join = Cannot join { $host }'s game: { $why }.
lobby-server-ended = the connection to the signaling server ended
connect-room-full = the signaling server refused: the room is full (or was opened for another number of players, or has all the watchers it takes)
connect-no-such-match = the signaling server knows no match being played with this code by this version of the game
connect-other-version = the signaling server refused: the match was created by another version of the game, and both players need the same one
connect-too-many = the signaling server refused: too many connections, or too many codes that match nothing, from this address (wait a minute)
connect-server-full = the signaling server is full: try again later
connect-bad-room = the signaling server refused the room's address
connect-unreachable = cannot reach the signaling server: { $why }
unreached-refused = nothing answers at its address
unreached-no-route = this machine has no route to it
unreached-unknown-name = its name is not known (check the address and the network)
unreached-timed-out = it did not answer in time
connect-refused = the signaling server refused or failed: { $why }
connect-lost = the connection to the signaling server was lost: { $why }
connect-closed = the signaling server closed the connection
connect-ended = the connection to the signaling server ended
connect-no-route = WebRTC could not start on this machine ({ $why }): it needs a network interface with a route, not only loopback
connect-no-thread = cannot start the network thread: { $why }
connect-turn-credentials = the TURN servers have different user names or credentials, and one connection can use only one: keep the TURN servers that share one
lobby-no-network = There is no network: playing or watching online needs one. Against the bot, pass and play, and Replays work without it.
lobby-games-differ = the players chose games that cannot be played together
lobby-channel-gone = the game channel is gone
lobby-cannot-start = cannot start the match: { $why }
lobby-watch-waiting = { $count ->
    [one] Connected to { $count } player, waiting for the match…
   *[other] Connected to { $count } players, waiting for the match…
}
lobby-other-version = a player with another version of the game tried to join
lobby-no-route = there is no network route between you (a firewall or NAT). A TURN relay (Settings, ICE servers) or playing on one network fixes this.
lobby-no-lan-route = a firewall on this network is in the way: allow carrom's UDP traffic between your machines.
lobby-peer-left = A player arrived, but no connection to them could be made and they left: { $why }
lobby-peer-unreachable = A player arrived, but no connection to them could be made in { $seconds } s: { $why }
lobby-you = { $name } (you)
lobby-here = { $here } of { $players } players here{ $connecting ->
    [0] {""}
   *[other] {" "}({ $connecting } more connecting…)
}: { $names }{ $watching ->
    [0] {""}
   *[other] {" "}({ $watching } watching)
}
lobby-unannounced = { $why }: players must type this machine's address.

## On this network

lan-no-browser = { $why }. Type the host's address instead.
lan-cannot-join = Cannot join { $game }: { $why }.
lan-cannot-watch = Cannot watch { $game }: { $why }.
lan-asking = Asking { $host }…
lan-no-answer = the host did not answer
lan-none-found = No games found — enter an address (the host's screen shows it). If the host is there, multicast may be blocked: see the README's LAN section.
lan-looking = Looking for games on this network…
lan-games = Games on this network:
lan-being-played = { $game } — being played
lan-type-address = type IP:port
ask-not-an-address = { $text } is not an address: type the host's IP and port, like 192.168.1.20:40000
ask-no-answer = no carrom game answers at { $address }: { $why }
ask-no-game = { $address } hosts no game now (it started, or the host left)
ask-not-carrom = { $address } is not a carrom host (HTTP { $status })
ask-partial = { $address } did not answer in full: { $why }
ask-unreadable = { $address } answered with something this version cannot read
ask-no-address = the game has no address
ask-no-thread = cannot ask the host: { $why }
ask-desktop-only = LAN games are hosted and found by the desktop game: a browser can neither be reached by the players on its network nor hear their games
lan-error-no-search = cannot look for games on this network (mDNS): { $why }
lan-error-no-announcement = cannot announce the game on this network (mDNS): { $why }
lan-error-no-description = cannot describe the game for this network: { $why }
lan-error-no-server = cannot start the game's server on this network: { $why }
refusal-other-version = another version of the game (network protocol { $theirs }; this one is { $ours }): both players need the same version
refusal-unknown-game = a game this version does not know ({ $game })
refusal-full = every seat is taken
refusal-unreadable = its announcement cannot be read by this version of the game
lan-address = Address

## Replays and reconnecting

replay-title = Replay
replay-previous = Previous
replay-pause-play = Pause / play
replay-next = Next
replay-speed = { $speed }×
replay-stroke-paused = Replay: Stroke { $step } of { $steps }, { $speed }×, paused
replay-stroke-playing = Replay: Stroke { $step } of { $steps }, { $speed }×, playing
replay-move-paused = Replay: Move { $step } of { $steps }, { $speed }×, paused
replay-move-playing = Replay: Move { $step } of { $steps }, { $speed }×, playing
reconnect-resuming = Everyone is back - resuming…
reconnect-waiting = { $names } disconnected - waiting { $seconds } s
reconnect-trouble = Reconnecting ({ $why })…
reconnect-forfeit-drops = { $name } dropped { $count } times: it is ruled a forfeit.
reconnect-forfeit-late = { $name } did not come back in time: it is ruled a forfeit.
reconnect-failed = The match could not resume: { $why }
online-left-before = { $name } left before the match began: it cannot start.
online-left = { $name } left the match: it is ruled a forfeit.
online-no-report = no report could be written
online-report = report: { $path }
online-desync = Desync with { $name } at frame { $frame }: the games differ ({ $report }).
online-connecting = connecting
online-relayed = relayed
online-direct = direct
online-ping = { $name }: { $ping } ms, { $route }
online-watching = { $count } watching
watch-stopped = Watching stopped: { $why }
watch-live = { $others ->
    [0] Watching live - Esc to stop
    [one] Watching live with { $others } other - Esc to stop
   *[other] Watching live with { $others } others - Esc to stop
}

## Files

notice-unreadable = Your { $what } could not be read ({ $problem }). The file was { $kept }.
notice-kept-as = kept as { $path }
notice-not-moved = could not be moved aside: { $why }
notice-not-saved = Could not save { $path }: { $why }
notice-match-ended = the match had already ended
notice-no-place = There is no place to save files on this machine.
notice-saved-as = Saved as { $path }
unreadable-not-json = it is not a file this game wrote (line { $line }, column { $column })
unreadable-other-format = another version of the game wrote it (format { $found }; this one reads { $reads })
unreadable-other-simulation = another version of the game saved it (simulation { $found }; this one is { $reads })
unreadable-unknown = it names “{ $name }”, which this version does not know
unreadable-damaged = its contents do not agree with each other
system-not-found = it is not there
system-permission-denied = this user may not open it
system-storage-full = the disk is full
system-read-only = the disk can only be read, not written
system-quota-exceeded = the browser's room for this page is full
system-unsupported = nothing can be kept here
system-other = the system said “{ $why }”
clipboard-none = there is no clipboard here
clipboard-not-secure = the browser offers a clipboard to https pages only
clipboard-busy = another program holds the clipboard
what-settings = settings
what-saved-match = saved match
what-saved-draughts = saved draughts game
what-draughts-scores = draughts scores
what-rejoin = match to rejoin
lan-line = { $host } — { $game }, { $players } players, { $free ->
    [0] full
    [one] { $free } seat free
   *[other] { $free } seats free
}
reconnect-nobody = No player of the match answered in { $seconds } s: it cannot be resumed (it may have ended).
watch-players-left = the players have left before the end
