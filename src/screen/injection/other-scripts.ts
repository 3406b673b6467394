// The ignore-family and reveal-your-prompt phrases in scripts the ASCII automaton cannot read:
// Russian and Ukrainian, Arabic, Hindi, Chinese, Japanese and Korean. Only text that holds
// letters of those scripts pays for it (the anchor pass says so). Each verb stem is looked up
// with a native search, and an object stem must sit within a short reach of it: the cost is a
// bounded number of searches over the text, linear in its length.

interface StemPair {
  readonly verbs: readonly string[];
  readonly objects: readonly string[];
}

const REACH = 40;
const MAX_HITS_PER_VERB = 64;

const PAIRS: readonly StemPair[] = [
  {
    // ignore / forget / pay no attention to … instructions, rules, the previous …
    verbs: [
      "игнорир",
      "проигнорир",
      "забудь",
      "забудьте",
      "забыть",
      "не обращай",
      "не обращайте",
      "ігнор",
      "забудь",
      "تجاهل",
      "انس ",
      "अनदेखा",
      "अनदेखी",
      "भूल",
      "忽略",
      "忽视",
      "无视",
      "忘记",
      "忘掉",
      "無視",
      "忘れ",
      "무시",
      "잊어",
    ],
    objects: [
      "инструкци",
      "указани",
      "правил",
      "предыдущ",
      "инструкц",
      "вказів",
      "попередн",
      "التعليمات",
      "تعليمات",
      "السابقة",
      "निर्देश",
      "पिछले",
      "指令",
      "指示",
      "说明",
      "规则",
      "之前",
      "以上",
      "上面",
      "先前",
      "命令",
      "ルール",
      "以前",
      "前の",
      "プロンプト",
      "지시",
      "명령",
      "이전",
      "지침",
      "프롬프트",
    ],
  },
  {
    // reveal / show / print … the system prompt
    verbs: ["систем", "系统", "系統", "システム", "시스템", "النظام", "सिस्टम"],
    objects: ["промпт", "подсказ", "提示", "プロンプト", "프롬프트", "موجه", "प्रॉम्प्ट"],
  },
];

/**
 * Whether the text asks, in one of these scripts, to ignore instructions or show the prompt.
 * Only the stretches that hold such letters (from the anchor pass) are read.
 */
export function otherScriptInjection(
  text: string,
  stretches: readonly (readonly [number, number])[],
): boolean {
  for (const [start, end] of stretches) {
    const piece = text.slice(Math.max(0, start - REACH), Math.min(text.length, end + REACH));
    if (pieceAsks(piece.toLowerCase())) return true;
  }
  return false;
}

function pieceAsks(lower: string): boolean {
  for (const { verbs, objects } of PAIRS) {
    for (const verb of verbs) {
      let at = lower.indexOf(verb);
      for (let hits = 0; at !== -1 && hits < MAX_HITS_PER_VERB; hits++) {
        const around = lower.slice(Math.max(0, at - REACH), at + verb.length + REACH);
        if (objects.some((object) => around.includes(object))) return true;
        at = lower.indexOf(verb, at + verb.length);
      }
    }
  }
  return false;
}
