// Agents and weapons by their written names in scripts without Latin letters, which
// relevance-scripts.ts searches for in the text itself: these are not word lists, and no check
// registers them.

// Written names in Chinese, Japanese, Korean, Arabic and Hindi: anthrax bacillus, sarin, ricin,
// botulinum toxin, smallpox virus, plague bacillus, nerve agent, mustard gas, biological and
// chemical weapons. Each is a whole name, not a syllable of ordinary words (not 天花 alone,
// which begins "ceiling"). Entries are joined into one alternation: plain strings, but for one
// lookahead that keeps a plant disease out.
export const WRITTEN_NAMES = [
  // Anthrax, but not anthracnose (炭疽病), a disease of plants.
  "炭疽(?!病)",
  "沙林",
  "蓖麻毒素",
  "肉毒毒素",
  "肉毒杆菌毒素",
  "天花病毒",
  "鼠疫杆菌",
  "神经毒剂",
  "芥子气",
  "生物武器",
  "化学武器",
  "サリン",
  "天然痘ウイルス",
  "ボツリヌス毒素",
  "生物兵器",
  "化学兵器",
  "神経剤",
  "탄저균",
  "사린",
  "리신",
  "천연두",
  "보툴리눔",
  "생물무기",
  "화학무기",
  "신경작용제",
  "الجمرة الخبيثة",
  "السارين",
  "الريسين",
  "سلاح بيولوجي",
  "أسلحة بيولوجية",
  "سلاح كيميائي",
  "أسلحة كيميائية",
  "जैविक हथियार",
  "रासायनिक हथियार",
  "एंथ्रेक्स",
];
