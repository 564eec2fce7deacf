// Lyrics files as musicians bring them, written for these tests (the songs are made up).

/** Pasted from a lyrics site: section labels, blank lines, accents, stray spaces. */
export const PLAIN_FRENCH = `[Couplet 1]
Sous la pluie d'été, je marche à l'envers
Les réverbères chantent un air   de naguère

[Refrain]
Oh, Léa, où es-tu ce soir ?
Oh, Léa, dis-moi où aller


[Couplet 2]
Le café ferme, la ville s'endort
Et je t'attends encore
`;

/** LRC with its tags, an offset, a chorus written once with three times, and an end. */
export const LRC_SPANISH = `[ti:Corazón de Papel]
[ar:Los Faroles]
[al:Ciudad Dormida]
[by:lrc-maker]
[length: 03:12]
[offset:+200]

[00:12.40]Caminé por la orilla del río
[00:16.90]Con tu nombre escrito en la mano

[00:21.20][01:05.20][02:30.70]Corazón de papel, no te mojes
[00:25.80][01:09.80][02:35.30]Que la lluvia no sabe de amor
[00:30.15]
[01:14.00]

[00:40.00]La noche me dijo tu canción
[00:44.55]Y la luna se quedó callada

[01:40.00]Y si el viento me lleva lejos
[01:44.50]Guardaré tu nombre en la voz
[02:50.00]
`;

/** Enhanced LRC in Japanese: a mark before each word (and a last one where the line ends). */
export const LRC_JAPANESE_ENHANCED = `[ti:夜明けの歌]
[ar:ミナト]

[00:05.00]<00:05.00>夜明けの <00:06.20>空に <00:07.10>歌えば<00:08.90>
[00:09.50]<00:09.50>君の <00:10.25>声が <00:11.00>聞こえる
[00:13.00]<00:13.40>愛<00:13.90>し<00:14.30>て<00:14.80>る
`;

/** SRT from a captioning tool, in Arabic: two-line cues, tags, CRLF, 5 ms of overlap from rounding. */
export const SRT_ARABIC = [
  '1',
  '00:00:03,200 --> 00:00:06,800',
  'يا ليل طوّل شويّة',
  '<i>خلّي القمر يسهر معي</i>',
  '',
  '2',
  '00:00:07,000 --> 00:00:10,500',
  'والبحر يحكي حكاية',
  '',
  '3',
  '00:00:10,495 --> 00:00:14,000',
  '{\\an8}عن قلب ما نسي',
  '',
  '4',
  '00:01:02,040 --> 00:01:05,960',
  'يا ليل... يا ليل',
  '',
].join('\r\n');

/** WebVTT as a karaoke tool writes it: header, style, notes, names, settings, word times, ruby. */
export const VTT_KARAOKE = `WEBVTT - Lantern Song
Kind: captions
Language: en

STYLE
::cue(.sung) { color: gold; }

NOTE
Verse one, timed by hand.

intro-1
00:00:04.000 --> 00:00:07.500 align:center line:85%
<c.sung>Carry</c> <00:00:04.600>the <00:00:04.900>lantern <00:00:05.800>home

00:08.000 --> 00:11.250
<v Singer>Through the <i>rain</i> and</v>
<00:00:09.500>through the dark &amp; cold

NOTE the Japanese line has a reading

3
00:00:12.000 --> 00:00:15.000
<ruby>灯<rt>あかり</rt></ruby>を<00:00:13.000>ともして<00:00:14.500>
`;
