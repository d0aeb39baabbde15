## کھیل کے الفاظ اردو میں۔ ids وہی ہیں جو en.ftl میں؛ قواعد کے ids (CL-5، FS-4…) جوں کے توں رہتے ہیں۔

player-default = کھلاڑی { $number }
bot-named = بوٹ ({ $level })

## انتخاب کے نام

variant-classic = کلاسک
variant-disc-pool = ڈسک پول
variant-freestyle = فری اسٹائل
board-standard = عام
board-icf = { "\u200F" }ICF
level-easy = آسان
level-medium = درمیانہ
level-hard = مشکل
mode-pass-and-play = ایک ہی آلے پر باری باری
mode-vs-bot = بوٹ کے خلاف
mode-online = آن لائن
mode-lan = اسی نیٹ ورک پر
colour-white = سفید
colour-black = کالی

## کیرم کا HUD

hud-title = { $game }، { $players } کھلاڑی، { $board } بورڈ
hud-nobody = کوئی نہیں
hud-plays = { $colour } گوٹیوں سے کھیلتا ہے
hud-score-of = اسکور { $score } / { $target }
hud-score = اسکور { $score }
hud-discs-left = { $count ->
    [0] ساری ڈسکیں صاف
    [one] { $count } ڈسک باقی
   *[other] { $count } ڈسکیں باقی
}
hud-pocketed = جیب میں گئیں: { $pieces }
hud-owes = { $count ->
    [one] { $count } گوٹی دینی باقی
   *[other] { $count } گوٹیاں دینی باقی
}
hud-last-stroke = پچھلا اسٹروک
hud-power = زور
hud-pause = روکیں
piece-white = { $count ->
    [one] ایک سفید
   *[other] { $count } سفید
}
piece-black = { $count ->
    [one] ایک کالی
   *[other] { $count } کالی
}
piece-queen = ملکہ
piece-striker = اسٹرائیکر
turn-drawn = میچ برابر رہا
turn-won = { $names } نے میچ جیت لیا
turn-board-over = بورڈ ختم: اگلا بورڈ سجایا جا رہا ہے
turn-struck = { $name } نے اسٹرائیک کیا
turn-shoot = { $name } کی باری
turn-break = { $name } بریک کریں گے
turn-break-attempt = { $name } بریک کریں گے (کوشش { $attempt } / 3)
queen-absent = ڈسک پول میں ملکہ نہیں ہوتی
queen-on-board = ملکہ: بورڈ پر
queen-pending = ملکہ: { $names } نے جیب میں ڈالی، کور باقی
queen-covered = ملکہ: { $names } نے کور کی
clock-board-tie = بورڈ { $board }: ٹائی بریک
clock-board = بورڈ { $board } / { $boards }
clock-none = شاٹ گھڑی نہیں
clock-left = شاٹ گھڑی: { $seconds } سیکنڈ
clock-per-stroke = شاٹ گھڑی: ہر اسٹروک کے لیے { $seconds } سیکنڈ
ruling-racked = بورڈ سج گیا ہے۔ اسٹرائیکر کو کھینچ کر رکھیں، نشانے کے لیے پیچھے کھینچیں۔
ruling-again = دوبارہ کھیلیں۔
ruling-passes = اب باری { $name } کی۔
ruling-time = وقت ختم ہو گیا۔
ruling-resigned = ایک فریق نے ہار مان لی۔
ruling-foul = فاؤل – { $what } ({ $rule })۔
ruling-pocketed = جیب میں گئیں: { $pieces }۔
ruling-nothing = کچھ بھی جیب میں نہیں گیا۔
ruling-returned = { $count ->
    [one] { $count } گوٹی درمیان میں واپس جاتی ہے۔
   *[other] { $count } گوٹیاں درمیان میں واپس جاتی ہیں۔
}
ruling-queen-back = ملکہ درمیان میں واپس جاتی ہے۔
ruling-board-over = بورڈ ختم ہوا۔
ruling-board-won = { $names } نے بورڈ جیتا (+{ $points })۔
foul-striker-pocketed = اسٹرائیکر جیب میں چلا گیا
foul-left-board = ایک گوٹی بورڈ سے باہر گر گئی
foul-opponent-piece = مخالف کی گوٹی جیب میں گئی
foul-last-before-queen = ملکہ کور ہونے سے پہلے آپ کی آخری گوٹی جیب میں چلی گئی
foul-opponent-last = مخالف کی آخری گوٹی جیب میں گئی
foul-failed-break = بریک کی تینوں کوششیں کسی گوٹی کو نہ چھو سکیں
foul-no-touch = اسٹرائیکر نے کچھ نہیں چھوا
foul-striker-off = اسٹرائیکر بورڈ سے باہر چلا گیا
help-bot =
    بوٹ کھیل رہا ہے۔

    { "\u200F" }Esc: روکیں
help-watching =
    { $name } کا نشانہ دیکھ رہے ہیں: نشانہ براہ راست دکھتا ہے۔

    { "\u200F" }Esc: دیکھنا بند کریں
help-remote = دوسرا کھلاڑی نشانہ لے رہا ہے: اس کا نشانہ براہ راست دکھتا ہے۔
help-human =
    ماؤس: اسٹرائیکر کو بیس لائن پر سرکائیں؛ کہیں اور دبا کر پیچھے کھینچیں، چھوڑتے ہی اسٹرائیک۔

    کلیدیں: بائیں/دائیں جگہ، اوپر/نیچے نشانہ (Shift: باریک)، زور کے لیے Space دبائے رکھیں، چھوڑیں تو اسٹرائیک۔

    { "\u200F" }Esc: روکیں

## انگلش ڈرافٹس

draughts-title = انگلش ڈرافٹس
draughts-black = کالا
draughts-red = لال
draughts-computer = کمپیوٹر ({ $level })
draughts-take-back = چال واپس
draughts-hint = اشارہ
draughts-moves = چالیں
draughts-back-to-game = کھیل پر واپس
draughts-reviewing = پیچھے دیکھ رہے ہیں: { $move } کے بعد کی صورت۔ کھیل جاری ہے۔
draughts-reviewing-start = پیچھے دیکھ رہے ہیں: آغاز کی صورت۔ کھیل جاری ہے۔
draughts-offer-draw = برابری کی پیشکش
draughts-accept = قبول
draughts-decline = انکار
draughts-draw-offered = { $name } برابری کی پیشکش کر رہے ہیں۔
draughts-take-back-asked = { $name } ایک چال واپس لینا چاہتے ہیں۔
draughts-offer-waiting = آپ کی پیشکش کے جواب کا انتظار…
draughts-to-move = چال: { $colour } ({ $name })
draughts-thinking = کمپیوٹر سوچ رہا ہے…
draughts-your-move = آپ کی چال
draughts-capture-required = مارنا لازمی ہے [CK-5]۔
draughts-side = { $colour } – { $name }: بورڈ پر { $pieces }، { $captured } ماریں
draughts-last-move = پچھلی چال: { $move }
draughts-ballot = قرعہ { $number }: { $moves }
draughts-help = گوٹی پر کلک کریں، پھر جہاں جانا ہے وہاں (یا کھینچ کر لے جائیں)۔ کئی چھلانگیں ہوں تو ہر پڑاؤ پر کلک کریں، یا سیدھا آخری پر۔ یا خانے کا نمبر لکھ کر Enter دبائیں۔ Esc: روکیں، ہار مانیں۔ PgUp/PgDn: چالوں میں آگے پیچھے؛ End: کھیل پر واپس۔
draughts-wins = { $name } جیت گئے
draughts-a-draw = برابر
draughts-summary-side = { $name } ({ $colour }): { $captured } ماریں
draughts-save-pdn = { "\u200F" }PDN کے طور پر محفوظ کریں
draughts-no-move = { $colour }: کوئی جائز چال نہیں بچی [CK-9]۔
draughts-drawn-repetition = برابر: وہی صورت تیسری بار آئی [CK-10]۔
draughts-drawn-forty = برابر: دونوں طرف سے 40 چالیں، نہ کوئی گوٹی ماری گئی نہ کوئی گوٹی آگے بڑھی [CK-10]۔
draughts-resigned = { $colour }: ہار مان لی۔
draughts-drawn-agreed = باہمی رضامندی سے برابر۔
draughts-left = { $name } کھیل چھوڑ کر چلے گئے: اسے ہار مانا گیا۔

## بورڈ کے اوپر اعلانات

banner-board-drawn = بورڈ برابر رہا
banner-board-to = بورڈ { $names } کے نام
banner-covered = { $names } نے ملکہ کور کی
banner-foul = فاؤل: { $what } ({ $rule })

## کھیلنے کا طریقہ (بریکٹ میں قواعد کے ids جوں کے توں)

rules-common =
    باری باری اپنی بیس لائن سے اسٹرائیکر چلائیں — یعنی آپ کے سامنے کی دو لکیریں۔ اسٹرائیکر بیس لائن پر ہی رکھا جائے: یا تو اس کے سروں کے لال دائروں میں سے کسی ایک کو پورا ڈھانپتا ہوا، یا ان سے بالکل الگ [CM-4]۔ اور شاٹ آگے کی طرف، اپنے کنارے سے دور مارنا ہوتا ہے [CM-5]۔ جو گوٹیاں واپس آتی ہیں وہ درمیان کے سب سے قریب خالی جگہ پر رکھی جاتی ہیں [CM-7]۔
rules-controls =
    ماؤس: اسٹرائیکر کو اپنی بیس لائن پر بائیں دائیں سرکائیں۔ پھر بورڈ پر کہیں اور دبا کر غلیل کی طرح پیچھے کھینچیں: اسٹرائیکر پوائنٹر سے الٹی سمت میں جاتا ہے، اور جتنا زیادہ کھینچیں گے اتنے زور سے جائے گا۔ چھوڑتے ہی اسٹرائیک۔ رہنما لکیر دکھاتی ہے کہ اسٹرائیکر سب سے پہلے کس سے ٹکرائے گا۔
    کی بورڈ: بائیں/دائیں سے اسٹرائیکر سرکتا ہے، اوپر/نیچے سے نشانہ گھومتا ہے (چھوٹے قدموں کے لیے Shift دبائے رکھیں)، زور کے لیے Space دبائے رکھیں اور چھوڑتے ہی اسٹرائیک۔ Esc سے کھیل رکتا ہے۔
rules-classic =
    کلاسک کیرم، 2، 3 یا 4 کھلاڑیوں کے لیے (4 ہوں تو دو جوڑیاں، ساتھی آمنے سامنے)۔

    رنگ: 2 یا 4 کھلاڑیوں میں جو فریق بریک کرتا ہے وہ سفید سے کھیلتا ہے، دوسرا کالی سے۔ فاؤل کے بغیر اپنے رنگ کی گوٹی (یا ملکہ) جیب میں ڈالیں تو پھر باری آپ کی [CL-4]۔ بریک کو کسی گوٹی کو چھونے کے تین موقعے ملتے ہیں [CL-3]۔

    ملکہ (لال): اسے تب ہی لے سکتے ہیں جب آپ اپنی کوئی گوٹی جیب میں ڈال چکے ہوں، یا اسی اسٹروک میں ڈالیں [CL-5]؛ پھر اسی یا اگلے اسٹروک میں اپنی ایک گوٹی جیب میں ڈال کر اسے کور کریں، ورنہ وہ درمیان میں لوٹ جاتی ہے [CL-6]۔ جب بھی کوئی قاعدہ ملکہ کو واپس بھیجتا ہے، وہ پھر بورڈ پر ہوتی ہے، کسی بھی فریق کے لیے [CM-11]۔

    فاؤل سے آپ کی باری ختم ہوتی ہے اور جرمانے میں ایک گوٹی درمیان میں واپس جاتی ہے (ابھی کوئی گوٹی نہ ہو تو وہ آپ پر باقی رہتی ہے): اسٹرائیکر کا جیب میں جانا، کسی گوٹی کو بورڈ سے باہر گرانا، مخالف کی گوٹی جیب میں ڈالنا، ملکہ کور ہونے سے پہلے اپنی آخری گوٹی جیب میں ڈالنا، مخالف کی آخری گوٹی جیب میں ڈالنا، یا بریک کی تین ناکام کوششیں [CL-9 a-e, g]۔

    ملکہ کور ہونے کے بعد جو پہلے اپنے رنگ کی ساری گوٹیاں صاف کرے وہ بورڈ جیتتا ہے [CL-7]۔ جیتنے والے کو مخالف کی ہر بچی گوٹی کا 1 پوائنٹ ملتا ہے، اور ملکہ کے 5 پوائنٹ صرف تب جب اسے جیتنے والے ہی نے کور کیا ہو؛ ہارنے والے کو کچھ نہیں ملتا [CL-8]۔ جو پہلے 25 تک پہنچے وہ جیتتا ہے؛ ورنہ 8 بورڈوں کے بعد سب سے زیادہ پوائنٹ والا، اور برابری ہو تو ایک اور بورڈ [CL-10]۔

    3 کھلاڑیوں میں کسی کا کوئی رنگ نہیں ہوتا: کالی کا 1، سفید کے 2، ملکہ کے 5 (کور کے بعد)، اور ہر صاف جیب پر باری آپ ہی کی رہتی ہے [CL-12]۔

    جیتنے کے گُر: ملکہ کی طرف جانے سے پہلے اپنی کچھ گوٹیاں جیب میں ڈال لیں، تاکہ کور ہمیشہ قریب رہے؛ ملکہ کور ہونے سے پہلے اپنی آخری گوٹی کبھی نہ ڈالیں؛ اور جیب کے پاس مخالف کی گوٹیوں کو نہ چھیڑیں – ان کی گوٹی گرانے والا اسٹروک فاؤل ہے۔
rules-disc-pool =
    ڈسک پول، 2 کھلاڑیوں یا دو جوڑیوں کے لیے – شروع کرنے کا سب سے آسان طریقہ۔ ملکہ نہیں ہوتی: نو سفید اور نو کالی ڈسکیں [DP-1]۔ کھلاڑی 1 سفید سے کھیلتا ہے اور بریک کرتا ہے [DP-2]۔

    ہر ڈسک اپنے ہی رنگ کے لیے گنی جاتی ہے، چاہے کوئی بھی جیب میں ڈالے [DP-3]۔ دوبارہ باری تب ہی ملتی ہے جب آپ فاؤل کے بغیر اپنے رنگ کی کم از کم ایک ڈسک جیب میں ڈالیں [DP-4]۔

    فاؤل: اسٹرائیکر کچھ نہ چھوئے، بورڈ سے باہر جائے، یا جیب میں گرے (ICF بورڈ پر ایسا ہو سکتا ہے)۔ فاؤل سے صرف باری ختم ہوتی ہے؛ کچھ واپس نہیں آتا [DP-5]۔

    جس فریق کی نو کی نو ڈسکیں پہلے جیب میں جائیں وہ جیتتا ہے۔ اگر ایک ہی اسٹروک دونوں رنگ پورے کر دے تو اسٹرائیک کرنے والے کا فریق جیتتا ہے [DP-6]۔

    جیتنے کے گُر: صرف اپنے نشانے کو نہیں، جیب کے پاس والی ڈسک کو بھی دیکھیں – ان کی ڈسک گرانے والا اسٹروک انہی کی مدد کرتا ہے۔ جیب کے پاس ہلکا کھیلیں: بہت تیز آئی ڈسک اچھل کر باہر آ جاتی ہے۔ کناروں پر اٹکی مشکل ڈسکیں پہلے صاف کریں، اور بے دھڑک کھیلیں: فاؤل کی قیمت بس ایک باری ہے۔
rules-freestyle =
    فری اسٹائل، 2، 3 یا 4 کھلاڑیوں کے لیے (4 ہوں تو دو جوڑیاں)۔ کسی کا کوئی رنگ نہیں ہوتا: ہر گوٹی اسی کے پوائنٹ بناتی ہے جو اسے جیب میں ڈالے۔ سفید 20، کالی 10، ملکہ کور ہونے پر 50؛ بورڈ پر کل 320 پوائنٹ [FS-1]۔

    ہر صاف جیب پر دوبارہ باری آپ کی [FS-3]۔

    ملکہ: اسے کسی دوسری گوٹی کے ساتھ جیب میں ڈالیں تو وہ فوراً گنی جاتی ہے۔ اکیلے ڈالیں تو اگلے اسٹروک میں کوئی بھی گوٹی جیب میں ڈال کر اسے کور کرنا ہوگا، ورنہ وہ درمیان میں لوٹ جاتی ہے [FS-4]۔ اگر ملکہ بورڈ پر آخری گوٹی ہو تو وہ فوراً گنی جاتی ہے۔

    فاؤل: اسٹرائیکر کچھ نہ چھوئے، بورڈ سے باہر جائے، یا جیب میں گرے (ICF بورڈ پر ایسا ہو سکتا ہے)۔ اس اسٹروک میں جیب میں گئی ہر گوٹی واپس آتی ہے اور کوئی پوائنٹ نہیں ملتا؛ اگر اسٹرائیکر بورڈ سے باہر گیا تو آپ کی سب سے حال میں جیتی گوٹی بھی جاتی ہے [FS-5]۔

    جو پہلے 160 تک پہنچے وہ اسی لمحے جیتتا ہے۔ اگر بورڈ پہلے صاف ہو جائے تو سب سے زیادہ پوائنٹ والا جیتتا ہے؛ سب سے زیادہ پوائنٹ برابر ہوں تو میچ برابر [FS-6]۔

    جیتنے کے گُر: سفید کی قیمت کالی سے دگنی ہے، اس لیے دونوں سامنے ہوں تو سفید لیں؛ ملکہ کو کسی دوسری گوٹی کے ساتھ ایک ہی اسٹروک میں جیب میں ڈالیں تاکہ وہ فوراً گنی جائے؛ اور اسٹرائیکر کو بورڈ پر رکھیں – اسے گرانے سے آپ کی آخری گوٹی بھی جاتی ہے۔
rules-draughts =
    انگلش ڈرافٹس (چیکرز)، دو کھلاڑیوں کے لیے۔ بورڈ میں 64 خانے ہیں مگر کھیل صرف 32 گہرے خانوں پر ہوتا ہے؛ ان پر 1 سے 32 تک کے معیاری نمبر ہیں [CK-1]۔ ہر فریق اپنی طرف کی تین قطاروں میں 12 گوٹیوں سے شروع کرتا ہے۔ پہلی چال کالے کی، پھر کالا اور لال باری باری [CK-2]۔

    گوٹی ایک خانہ ترچھا آگے، خالی خانے پر چلتی ہے [CK-3]۔ مارنے کے لیے ساتھ والی دشمن گوٹی کے اوپر سے ترچھی چھلانگ لگا کر عین اس کے پیچھے والے خالی خانے پر جائیں؛ جس گوٹی پر سے چھلانگ لگائی وہ ہٹ جاتی ہے۔ عام گوٹیاں صرف آگے کی طرف مارتی ہیں؛ بادشاہ پیچھے کی طرف بھی مارتا ہے [CK-4]۔ اگر مار سکتے ہیں تو مارنا ہی ہوگا – مگر کئی راستے ہوں تو کوئی بھی چنیں، سب سے لمبا ضروری نہیں [CK-5]۔ چھلانگ کے بعد اگر وہی گوٹی پھر چھلانگ لگا سکتی ہے تو اسے اسی چال میں لگانی ہوگی، چاہے مڑ کر، جب تک کوئی چھلانگ نہ بچے [CK-6]۔

    جو گوٹی سامنے کی آخری قطار تک پہنچے وہ بادشاہ بن جاتی ہے، اور اس کی چال وہیں رک جاتی ہے، چاہے چھلانگوں کا سلسلہ بیچ میں ہو [CK-7]۔ بادشاہ چاروں ترچھی سمتوں میں ایک خانہ چلتا اور مارتا ہے؛ وہ پورے بورڈ پر اڑتا نہیں [CK-8]۔

    آپ تب جیتتے ہیں جب دوسرا فریق چل نہ سکے: کوئی گوٹی نہ بچی ہو، یا ہر گوٹی گھری ہو [CK-9]۔ کھیل برابر ہوتا ہے جب وہی صورت، اسی فریق کی چال کے ساتھ، تیسری بار آئے، یا دونوں طرف سے 40، 40 چالوں تک نہ کوئی گوٹی ماری جائے نہ کوئی گوٹی آگے بڑھے؛ کھیل یہ دونوں خود دیکھتا ہے اور خود ختم ہوتا ہے [CK-10]۔ آپ ہار بھی مان سکتے ہیں۔

    مشورے: اپنی پچھلی قطار جتنی دیر ہو سکے اپنی جگہ رکھیں – اس سے دشمن کی گوٹیاں بادشاہ نہیں بن پاتیں۔ آگے ہوں تو گوٹیوں کا تبادلہ کریں۔ بورڈ کے بیچ کی گوٹی کنارے کی گوٹی سے زیادہ کام کی ہوتی ہے۔
rules-draughts-controls =
    گوٹی اٹھانے کے لیے اس پر کلک کریں: دائرے دکھاتے ہیں کہ وہ کہاں جا سکتی ہے؛ کسی دائرے پر کلک کر کے وہاں چلیں۔ گوٹی کو کھینچ کر چھوڑ بھی سکتے ہیں۔ جب مارنا لازمی ہو تو مار سکنے والی گوٹیوں پر نارنجی دائرہ ہوتا ہے اور حالت کی سطر یہی بتاتی ہے؛ جو گوٹیاں ماری جائیں گی ان پر کراس ہوتا ہے۔ چھلانگوں کے سلسلے میں ہر پڑاؤ پر باری باری کلک کریں، یا سیدھا آخری پر؛ جب آگے ایک ہی راستہ بچے تو چال خود پوری ہو جاتی ہے۔ کی بورڈ: خانے کا نمبر لکھ کر Enter دبائیں، پھر جہاں جانا ہے اس کا نمبر۔ "چال واپس" آپ کی پچھلی چال (اور کمپیوٹر کا جواب) پلٹ دیتا ہے [CK-13]۔ Esc سے کھیل رکتا ہے، وہاں آپ ہار مان سکتے ہیں۔

## ہوم

back = واپس
seconds = { $seconds } سیکنڈ
game-draughts = چیکرز
how-to-play-title = { $game } کیسے کھیلیں
home-title = کیرم
home-tagline = اسٹرائیکر چلائیں، گوٹیاں جیب میں ڈالیں۔
home-game = کھیل
home-mode = طریقہ
home-players = کھلاڑی
home-bot = بوٹ
home-seats = نشستیں
home-seat-you = کھلاڑی 1: آپ
home-seat-bot = کھلاڑی { $number }: بوٹ
home-seat-person = کھلاڑی { $number }: انسان
home-board = بورڈ
home-shot-clock = شاٹ گھڑی
home-off = بند
home-on = چالو
home-hints = اشارے
home-grace = کوئی کھلاڑی نکل جائے تو انتظار
home-standard-start = معیاری آغاز
home-start-from = ابتدائی پوزیشن
home-opening = آغاز
home-opening-free = من مرضی
home-opening-ballot = تین چالوں کا قرعہ
home-ballot-by-lot = قرعے سے، یا اس کا نمبر
home-barred-ballot = قرعہ { $number } ممنوع ہے: اس میں ہار یقینی ہے۔
home-no-such-ballot = فہرست میں قرعہ { $number } نہیں ہے۔
home-computer = کمپیوٹر
home-you-play = آپ کھیلیں گے
home-moves-first = { $colour } (پہلی چال)
home-moves-second = { $colour } (دوسری چال)
home-score-computer = کمپیوٹر ({ $level }) کے خلاف آپ کا اسکور: { $won } جیتے، { $lost } ہارے، { $drawn } برابر
home-score-people = { $names }: { $won }–{ $lost }، { $drawn } برابر
home-no-games = ابھی تک لوگوں کے درمیان کوئی کھیل نہیں ہوا۔
home-quick = فوری میچ: { $game }
home-quick-carrom = فوری میچ: { $game }، { $players } کھلاڑی
home-create = نجی میچ بنائیں
home-type-code = کوڈ لکھیں
home-invite-code = دعوتی کوڈ
home-join = شامل ہوں
home-watch = میچ دیکھیں
home-server = سگنلنگ سرور: { $server } (سیٹنگز میں بدلیں)
lan-desktop-only = اس نیٹ ورک کے کھیل ڈیسک ٹاپ والا کھیل ہی میزبانی کرتا اور ڈھونڈتا ہے۔
home-host-lan = اس نیٹ ورک پر میزبانی کریں
home-join-lan = اس نیٹ ورک پر شامل ہوں
home-lan-how = انٹرنیٹ کی ضرورت نہیں: ایک مشین میزبانی کرتی ہے، باقی اس کا کھیل ڈھونڈ لیتی ہیں۔
home-rejoin = میچ میں واپس آئیں
home-rejoin-code = میچ { $code } میں واپس آئیں
home-play = کھیلیں
home-resume = { $game } میچ جاری رکھیں
home-resume-draughts = چیکرز کا کھیل جاری رکھیں
home-how-to-play = کیسے کھیلیں
home-replays = ری پلے
home-settings = سیٹنگز
home-quit = باہر نکلیں
home-keys = { "\u200F" }Tab یا تیر والی کلیدوں سے آگے پیچھے، Enter سے دبائیں، Esc سے واپس۔
home-bad-position = یہ صورت نہیں بنائی جا سکتی: { $why }
home-no-randomness = میچ شروع نہیں ہو سکتا: اس سسٹم نے اس کے سیڈ کے لیے کوئی بے ترتیب عدد نہیں دیا ({ $why })۔

## ری پلے

game-carrom = کیرم
replays-set-aside = پڑھا نہیں جا سکا، الگ رکھ دیا: { $files }
replays-no-directory = ڈیٹا فولڈر نہیں: کوئی ریکارڈ نہیں رکھا جاتا۔
replays-cannot-show = یہ ریکارڈ دکھایا نہیں جا سکتا: { $why }۔
replays-copied = { $path } میں کاپی کیا
replays-not-copied = { $path } میں کاپی نہیں ہو سکا: { $why }
replays-file-cannot-show = { $path } دکھایا نہیں جا سکتا: { $why }۔
replays-none = ابھی کوئی میچ نہیں رکھا گیا: آپ کا ہر میچ رکھا جائے گا۔
replays-watch = دیکھیں
replays-export = برآمد
replays-type-path = ریکارڈ کا راستہ لکھیں
replays-open-file = فائل کھولیں
replays-open = کھولیں
replays-none-written = کوئی ریکارڈ نہیں لکھا گیا
replays-replay-cannot-show = ری پلے دکھایا نہیں جا سکتا: { $why }۔
replays-unfinished = ادھورا چھوڑا گیا
date-time = { $day } { $month ->
    [1] جنوری
    [2] فروری
    [3] مارچ
    [4] اپریل
    [5] مئی
    [6] جون
    [7] جولائی
    [8] اگست
    [9] ستمبر
    [10] اکتوبر
    [11] نومبر
   *[12] دسمبر
} { $year }، { $time }
replays-strokes = { $count ->
    [one] { $count } اسٹروک
   *[other] { $count } اسٹروک
}
replays-moves = { $count ->
    [one] { $count } چال
   *[other] { $count } چالیں
}
record-format = یہ ریکارڈ فارمیٹ { $found } میں ہے، اور یہ ورژن فارمیٹ { $reads } پڑھتا ہے
record-sim-version = اسے سمولیشن ورژن { $found } نے ریکارڈ کیا تھا اور یہ ورژن { $current } ہے: یہ ویسا نہیں چلے گا
record-too-long = اس میں { $frames } فریم ہونے کا دعویٰ ہے، جو بارہ گھنٹے کے میچ ({ $most }) سے زیادہ ہے
record-after-the-end = اس میں آخری فریم ({ $frames }) کے بعد بھی ان پٹ یا اسٹروک ہیں
record-bad-input = فریم { $frame } میں ایک ان پٹ پڑھا نہیں جا سکتا
record-no-player = فریم { $frame } میں کھلاڑی { $player } کا ان پٹ ہے، جو اس میچ میں نہیں ہے
record-bad-start = اس کی ابتدائی حالت پڑھی نہیں جا سکتی
record-unknown-game = اس میں ایسا کھیل ہے جسے یہ ورژن نہیں جانتا ({ $name })
record-unknown-board = اس میں ایسا بورڈ ہے جسے یہ ورژن نہیں جانتا ({ $name })
record-bad-settings = اس کی سیٹنگز کسی میچ کی نہیں ہو سکتیں: { $why }
record-bad-draughts-start = اس کی ابتدائی پوزیشن ({ $fen }) پڑھی نہیں جا سکتی: { $why }
record-bad-draughts-move = چال { $ply } ({ $move }) چلی نہیں جا سکتی: { $why }
record-bad-draughts-ballot = اس میں قرعہ { $number } لکھا ہے، مگر اس کی چالیں اس سے شروع نہیں ہوتیں

## سیٹنگز

settings-language = زبان
settings-names = کھلاڑیوں کے نام (بدلنے کے لیے کلک کریں)
settings-signaling = سگنلنگ سرور (آن لائن)
settings-ice-urls = { "\u200F" }STUN / TURN URL
settings-turn-user = { "\u200F" }TURN صارف نام
settings-turn-credential = { "\u200F" }TURN پاس ورڈ
settings-none = کوئی نہیں
settings-ice-note = { "\u200F" }ICE سرور نہیں: صرف براہ راست رابطے (LAN)۔ ایک ہی پاس ورڈ ہر TURN URL کے لیے۔
settings-volume = آواز
settings-display = ڈسپلے
settings-full-screen = پوری اسکرین
settings-window = ونڈو
settings-digits = ہندسے
settings-haptics = ارتعاش
settings-haptics-on = ٹکر پر ارتعاش
settings-haptics-off = بند
settings-replays-kept = رکھے جانے والے ری پلے
theme-classic-wood = کلاسک لکڑی
theme-tournament-light = ٹورنامنٹ ہلکا
theme-high-contrast = تیز کنٹراسٹ

## روکنا، نتائج، لابی

pause-title = رکا ہوا
pause-continue = جاری رکھیں
pause-leave-replay = ری پلے چھوڑیں
pause-stop-watching = دیکھنا بند کریں
pause-resign = ہار مانیں
pause-resign-for = { $name } کی طرف سے ہار مانیں
pause-save-and-leave = محفوظ کریں اور ہوم جائیں
results-rematch = دوبارہ کھیلیں
results-home = ہوم
results-watch-replay = ری پلے دیکھیں
lobby-lan-how = یہ کھیل آپ کی میزبانی میں ہے۔ یہاں کے کھلاڑی "اس نیٹ ورک پر شامل ہوں" چن کر اسے ڈھونڈیں، یا پتہ لکھیں:
lobby-no-address = (اس مشین کا کوئی نیٹ ورک پتہ نہیں)
lobby-copy-link = لنک کاپی کریں
lobby-try-again = دوبارہ کوشش کریں
lobby-in-browser = براؤزر میں:
lobby-or-command = یا: { "\u2066" }carrom --join { $code }{ "\u2069" }
lobby-copied = کاپی ہو گیا: دوستوں کو بھیج دیں۔
lobby-not-copied = لنک کاپی نہیں ہو سکا ({ $why }): اوپر دکھایا گیا کوڈ بھیجیں۔
lobby-connecting-server = سگنلنگ سرور سے رابطہ ہو رہا ہے…
lobby-connecting-host = میزبان سے رابطہ ہو رہا ہے…
lobby-connecting-players = میچ کے کھلاڑیوں سے رابطہ ہو رہا ہے…
lobby-rejoining = آپ کی نشست واپس لی جا رہی ہے…
lobby-cannot-rejoin = میچ میں واپس نہیں آ سکتے: { $why }۔
rejoin-other-format = اسے کھیل کے کسی اور ورژن نے لکھا تھا: فارمیٹ { $found }، جبکہ یہ ورژن فارمیٹ { $reads } پڑھتا ہے
rejoin-unreadable = اسے پڑھا نہیں جا سکا (سطر { $line }، کالم { $column })
rejoin-other-protocol = یہ میچ پروٹوکول { $protocol } سے کھیلا گیا تھا
rejoin-damaged = اس میں رکھی میچ کی حالت خراب ہو گئی ہے
rejoin-too-old = اسے بہت پہلے چھوڑ دیا گیا تھا
rejoin-no-seat = اس میں کسی میچ کی سیٹ نہیں
rejoin-no-id = اس میں کوئی شناخت (آئی ڈی) نہیں
rejoin-no-key = اس میں سیٹ کی چابی نہیں
rejoin-wrong-key = اس کی چابی اس کی سیٹ کی نہیں
lobby-not-a-code = { $text } دعوتی کوڈ نہیں ہے (13 حروف اور ہندسے)۔
lobby-watch-other-version = { $host } کا کھیل نہیں دیکھ سکتے: وہ کسی اور ورژن کا ہے۔
lobby-cannot-host = اس نیٹ ورک پر میزبانی نہیں ہو سکتی: { $why }
lobby-no-randomness = کمرہ نہیں بن سکتا: اس سسٹم نے اس کے کوڈ کے لیے کوئی بے ترتیب عدد نہیں دیا ({ $why })۔
lobby-cannot-join = { $host } کے کھیل میں شامل نہیں ہو سکتے: { $why }۔
lobby-server-ended = سگنلنگ سرور سے رابطہ ٹوٹ گیا
connect-room-full = سگنلنگ سرور نے انکار کر دیا: کمرہ بھرا ہوا ہے (یا کسی اور تعداد کے کھلاڑیوں کے لیے کھولا گیا تھا، یا اس میں جتنے ناظرین آ سکتے ہیں وہ آ چکے ہیں)
connect-no-such-match = کھیل کے اس ورژن میں اس کوڈ سے کھیلا جانے والا کوئی میچ سگنلنگ سرور کو معلوم نہیں
connect-other-version = سگنلنگ سرور نے انکار کر دیا: یہ میچ کھیل کے کسی اور ورژن سے بنایا گیا تھا، اور دونوں کھلاڑیوں کے پاس ایک ہی ورژن ہونا چاہیے
connect-too-many = سگنلنگ سرور نے انکار کر دیا: اس پتے سے بہت زیادہ رابطے، یا ایسے بہت زیادہ کوڈ جو کسی میچ کے نہیں (ایک منٹ انتظار کریں)
connect-server-full = سگنلنگ سرور بھرا ہوا ہے: کچھ دیر بعد دوبارہ کوشش کریں
connect-bad-room = سگنلنگ سرور نے کمرے کا پتا قبول نہیں کیا
connect-unreachable = سگنلنگ سرور تک نہیں پہنچ سکتے: { $why }
unreached-refused = اس کے پتے پر کوئی جواب نہیں دیتا
unreached-no-route = اس مشین سے وہاں تک کوئی راستہ نہیں ہے
unreached-unknown-name = اس کا نام پہچانا نہیں گیا (پتا اور نیٹ ورک دیکھ لیں)
unreached-timed-out = اس نے وقت پر جواب نہیں دیا
connect-refused = سگنلنگ سرور نے انکار کر دیا یا ناکام رہا: { $why }
connect-lost = سگنلنگ سرور سے رابطہ منقطع ہو گیا: { $why }
connect-closed = سگنلنگ سرور نے رابطہ بند کر دیا
connect-ended = سگنلنگ سرور سے رابطہ ختم ہو گیا
connect-no-route = اس مشین پر WebRTC شروع نہیں ہو سکا ({ $why }): اسے صرف لوپ بیک نہیں، کسی روٹ والے نیٹ ورک انٹرفیس کی ضرورت ہے
connect-no-thread = نیٹ ورک تھریڈ شروع نہیں ہو سکا: { $why }
connect-turn-credentials = { "\u200F" }TURN سرورز کے صارف نام یا اسناد مختلف ہیں، اور ایک رابطہ ان میں سے صرف ایک ہی استعمال کر سکتا ہے: وہی TURN سرور رکھیں جن کی اسناد ایک ہیں
lobby-no-network = کوئی نیٹ ورک نہیں ہے: آن لائن کھیلنے یا دیکھنے کے لیے نیٹ ورک چاہیے۔ بوٹ کے خلاف، ایک ہی آلے پر باری باری، اور ری پلے نیٹ ورک کے بغیر بھی چلتے ہیں۔
lobby-games-differ = کھلاڑیوں نے ایسے کھیل چنے جو ساتھ نہیں کھیلے جا سکتے
lobby-channel-gone = کھیل کا چینل نہیں رہا
lobby-cannot-start = میچ شروع نہیں ہو سکتا: { $why }
lobby-watch-waiting = { $count ->
    [one] { $count } کھلاڑی سے رابطہ ہو گیا، میچ کا انتظار…
   *[other] { $count } کھلاڑیوں سے رابطہ ہو گیا، میچ کا انتظار…
}
lobby-other-version = کھیل کے کسی اور ورژن والے کھلاڑی نے شامل ہونے کی کوشش کی
lobby-no-route = آپ کے درمیان کوئی نیٹ ورک راستہ نہیں (فائر وال یا NAT)۔ TURN ریلے (سیٹنگز، ICE سرور) یا ایک ہی نیٹ ورک پر کھیلنے سے یہ ٹھیک ہو جائے گا۔
lobby-no-lan-route = اس نیٹ ورک کی فائر وال بیچ میں ہے: اپنی مشینوں کے درمیان carrom کی UDP ٹریفک کھولیں۔
lobby-peer-left = ایک کھلاڑی آیا، مگر اس سے رابطہ نہ ہو سکا اور وہ چلا گیا: { $why }
lobby-peer-unreachable = ایک کھلاڑی آیا، مگر { $seconds } سیکنڈ میں اس سے رابطہ نہ ہو سکا: { $why }
lobby-you = { $name } (آپ)
lobby-here = { $players } میں سے { $here } کھلاڑی یہاں{ $connecting ->
    [0] {""}
   *[other] {" "}({ $connecting } مزید رابطے میں…)
}: { $names }{ $watching ->
    [0] {""}
   *[other] {" "}({ $watching } دیکھ رہے ہیں)
}
lobby-unannounced = { $why }: کھلاڑیوں کو اس مشین کا پتہ لکھنا ہوگا۔

## اسی نیٹ ورک پر

lan-no-browser = { $why }۔ میزبان کا پتہ لکھیں۔
lan-cannot-join = { $game } میں شامل نہیں ہو سکتے: { $why }۔
lan-cannot-watch = { $game } نہیں دیکھ سکتے: { $why }۔
lan-asking = { $host } سے پوچھ رہے ہیں…
lan-no-answer = میزبان نے جواب نہیں دیا
lan-none-found = کوئی کھیل نہیں ملا — پتہ لکھیں (میزبان کی اسکرین پر دکھتا ہے)۔ اگر میزبان موجود ہے تو شاید ملٹی کاسٹ رکا ہوا ہے: README کا LAN حصہ دیکھیں۔
lan-looking = اس نیٹ ورک پر کھیل ڈھونڈ رہے ہیں…
lan-games = اس نیٹ ورک کے کھیل:
lan-being-played = { $game } — جاری ہے
lan-type-address = { "\u200F" }IP:پورٹ لکھیں
ask-not-an-address = { $text } کوئی پتہ نہیں: میزبان کا IP اور پورٹ لکھیں، جیسے 192.168.1.20:40000
ask-no-answer = { $address } پر کوئی کیرم کھیل جواب نہیں دیتا: { $why }
ask-no-game = { $address } ابھی کسی کھیل کی میزبانی نہیں کر رہا (کھیل شروع ہو گیا، یا میزبان چلا گیا)
ask-not-carrom = { $address } کیرم کا میزبان نہیں (HTTP { $status })
ask-partial = { $address } نے پورا جواب نہیں دیا: { $why }
ask-unreadable = { $address } نے ایسا جواب دیا جو یہ ورژن نہیں پڑھ سکتا
ask-no-address = اس کھیل کا کوئی پتہ نہیں
ask-no-thread = میزبان سے پوچھا نہیں جا سکا: { $why }
ask-desktop-only = اس نیٹ ورک کے کھیل ڈیسک ٹاپ والا کھیل ہی میزبانی کرتا اور ڈھونڈتا ہے: براؤزر تک نہ اس کے نیٹ ورک کے کھلاڑی پہنچ سکتے ہیں، نہ وہ ان کے کھیل سن سکتا ہے
lan-error-no-search = اس نیٹ ورک پر کھیل نہیں ڈھونڈے جا سکتے (mDNS): { $why }
lan-error-no-announcement = اس نیٹ ورک پر کھیل کا اعلان نہیں ہو سکا (mDNS): { $why }
lan-error-no-description = اس نیٹ ورک کے لیے کھیل کی تفصیل نہیں بن سکی: { $why }
lan-error-no-server = اس نیٹ ورک پر کھیل کا سرور شروع نہیں ہو سکا: { $why }
refusal-other-version = کھیل کا دوسرا ورژن (نیٹ ورک پروٹوکول { $theirs }؛ یہ والا { $ours } ہے): دونوں کھلاڑیوں کے پاس ایک ہی ورژن ہونا چاہیے
refusal-unknown-game = ایسا کھیل جسے یہ ورژن نہیں جانتا ({ $game })
refusal-full = تمام نشستیں بھر چکی ہیں
refusal-unreadable = اس کا اعلان یہ ورژن نہیں پڑھ سکتا
lan-address = پتہ

## ری پلے اور دوبارہ رابطہ

replay-title = ری پلے
replay-previous = پچھلا
replay-pause-play = روکیں / چلائیں
replay-next = اگلا
replay-speed = { $speed }×
replay-stroke-paused = ری پلے: اسٹروک { $step } / { $steps }، { $speed }×، رکا ہوا
replay-stroke-playing = ری پلے: اسٹروک { $step } / { $steps }، { $speed }×، چل رہا ہے
replay-move-paused = ری پلے: چال { $step } / { $steps }، { $speed }×، رکا ہوا
replay-move-playing = ری پلے: چال { $step } / { $steps }، { $speed }×، چل رہا ہے
reconnect-resuming = سب واپس آ گئے – دوبارہ شروع…
reconnect-waiting = { $names } کا رابطہ ٹوٹا – { $seconds } سیکنڈ انتظار
reconnect-trouble = دوبارہ رابطہ ہو رہا ہے ({ $why })…
reconnect-forfeit-drops = { $name } کا رابطہ { $count } بار ٹوٹا: اسے ہار مانا گیا۔
reconnect-forfeit-late = { $name } وقت پر واپس نہیں آئے: اسے ہار مانا گیا۔
reconnect-failed = میچ دوبارہ شروع نہیں ہو سکا: { $why }
online-left-before = { $name } میچ شروع ہونے سے پہلے چلے گئے: میچ شروع نہیں ہو سکتا۔
online-left = { $name } میچ چھوڑ کر چلے گئے: اسے ہار مانا گیا۔
online-no-report = کوئی رپورٹ نہیں لکھی جا سکی
online-report = رپورٹ: { $path }
online-desync = { $name } کے ساتھ فریم { $frame } پر ہم آہنگی ٹوٹ گئی: کھیل الگ ہو گئے ({ $report })۔
online-connecting = رابطہ ہو رہا ہے
online-relayed = ریلے سے
online-direct = براہ راست
online-ping = { "\u200F" }{ $name }: { $ping } ms، { $route }
online-watching = { $count } دیکھ رہے ہیں
watch-stopped = دیکھنا رک گیا: { $why }
watch-live = { $others ->
    [0] براہ راست دیکھ رہے ہیں - بند کرنے کے لیے Esc
    [one] ایک اور ناظر کے ساتھ براہ راست دیکھ رہے ہیں - بند کرنے کے لیے Esc
   *[other] مزید { $others } ناظرین کے ساتھ براہ راست دیکھ رہے ہیں - بند کرنے کے لیے Esc
}

## فائلیں

notice-unreadable = آپ کی { $what } فائل پڑھی نہیں جا سکی ({ $problem })۔ فائل { $kept }۔
notice-kept-as = { $path } کے نام سے رکھی گئی
notice-not-moved = الگ نہیں رکھی جا سکی: { $why }
notice-not-saved = { $path } محفوظ نہیں ہو سکی: { $why }
notice-match-ended = میچ پہلے ہی ختم ہو چکا تھا
notice-no-place = اس مشین پر فائلیں محفوظ کرنے کی کوئی جگہ نہیں۔
notice-saved-as = { $path } کے نام سے محفوظ کیا
unreadable-not-json = یہ اس کھیل کی لکھی ہوئی فائل نہیں ہے (سطر { $line }، کالم { $column })
unreadable-other-format = اسے کھیل کے کسی اور ورژن نے لکھا ہے (فارمیٹ { $found }؛ یہ ورژن فارمیٹ { $reads } پڑھتا ہے)
unreadable-other-simulation = اسے کھیل کے کسی اور ورژن نے محفوظ کیا ہے (سمولیشن { $found }؛ یہ ورژن { $reads } ہے)
unreadable-unknown = اس میں “{ $name }” لکھا ہے، جسے یہ ورژن نہیں پہچانتا
unreadable-damaged = اس کا مواد آپس میں میل نہیں کھاتا
system-not-found = یہ موجود نہیں ہے
system-permission-denied = اس صارف کو اسے کھولنے کی اجازت نہیں ہے
system-storage-full = ڈسک بھر گئی ہے
system-read-only = ڈسک پر صرف پڑھا جا سکتا ہے، لکھا نہیں جا سکتا
system-quota-exceeded = براؤزر میں اس صفحے کے لیے رکھی جگہ بھر گئی ہے
system-unsupported = یہاں کچھ بھی محفوظ نہیں کیا جا سکتا
system-other = سسٹم نے کہا “{ $why }”
clipboard-none = یہاں کوئی کلپ بورڈ نہیں ہے
clipboard-not-secure = براؤزر کلپ بورڈ صرف محفوظ صفحات کو دیتا ہے
clipboard-busy = کلپ بورڈ اس وقت کسی دوسرے پروگرام کے پاس ہے
what-settings = سیٹنگز کی
what-saved-match = محفوظ میچ کی
what-saved-draughts = محفوظ ڈرافٹس کھیل کی
what-draughts-scores = ڈرافٹس اسکور کی
what-rejoin = واپسی والے میچ کی
lan-line = { $host } — { $game }، { $players } کھلاڑی، { $free ->
    [0] بھرا ہوا
    [one] { $free } نشست خالی
   *[other] { $free } نشستیں خالی
}
reconnect-nobody = میچ کے کسی کھلاڑی نے { $seconds } سیکنڈ میں جواب نہیں دیا: میچ دوبارہ شروع نہیں ہو سکتا (شاید ختم ہو چکا ہے)۔
watch-players-left = کھلاڑی آخر سے پہلے چلے گئے
