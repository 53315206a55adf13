/**
 * PAL's 8-shot GSM8K prompt as bigcode-evaluation-harness builds it: follows
 * bigcode_eval/tasks/gsm.py (Gsm8k.few_shot_prompt, NUM_SHOTS = 8) with the examples of its
 * few_shot_examples/gsm8k_few_shot_prompts.json (the PAL paper's math prompt). gsm8k.test.ts pins
 * the prompt for the question "test" to the sha256 of bigcode's own test fixture
 * (tests/data/pal-gsm8k-greedy_prompt.json).
 */

/** Each example: the question, and the body of its `solution()` (4-space indented lines). */
const EXAMPLES: readonly (readonly [string, readonly string[]])[] = [
  [
    'Olivia has $23. She bought five bagels for $3 each. How much money does she have left?',
    [
      'money_initial = 23',
      'bagels = 5',
      'bagel_cost = 3',
      'money_spent = bagels * bagel_cost',
      'money_left = money_initial - money_spent',
      'result = money_left',
    ],
  ],
  [
    'Michael had 58 golf balls. On tuesday, he lost 23 golf balls. On wednesday, he lost 2 more. How many golf balls did he have at the end of wednesday?',
    [
      'golf_balls_initial = 58',
      'golf_balls_lost_tuesday = 23',
      'golf_balls_lost_wednesday = 2',
      'golf_balls_left = golf_balls_initial - golf_balls_lost_tuesday - golf_balls_lost_wednesday',
      'result = golf_balls_left',
    ],
  ],
  [
    'There were nine computers in the server room. Five more computers were installed each day, from monday to thursday. How many computers are now in the server room?',
    [
      'computers_initial = 9',
      'computers_per_day = 5',
      'num_days = 4  # 4 days between monday and thursday',
      'computers_added = computers_per_day * num_days',
      'computers_total = computers_initial + computers_added',
      'result = computers_total',
    ],
  ],
  [
    'Shawn has five toys. For Christmas, he got two toys each from his mom and dad. How many toys does he have now?',
    [
      'toys_initial = 5',
      'mom_toys = 2',
      'dad_toys = 2',
      'total_received = mom_toys + dad_toys',
      'total_toys = toys_initial + total_received',
      'result = total_toys',
    ],
  ],
  [
    'Jason had 20 lollipops. He gave Denny some lollipops. Now Jason has 12 lollipops. How many lollipops did Jason give to Denny?',
    [
      'jason_lollipops_initial = 20',
      'jason_lollipops_after = 12',
      'denny_lollipops = jason_lollipops_initial - jason_lollipops_after',
      'result = denny_lollipops',
    ],
  ],
  [
    'Leah had 32 chocolates and her sister had 42. If they ate 35, how many pieces do they have left in total?',
    [
      'leah_chocolates = 32',
      'sister_chocolates = 42',
      'total_chocolates = leah_chocolates + sister_chocolates',
      'chocolates_eaten = 35',
      'chocolates_left = total_chocolates - chocolates_eaten',
      'result = chocolates_left',
    ],
  ],
  [
    'If there are 3 cars in the parking lot and 2 more cars arrive, how many cars are in the parking lot?',
    [
      'cars_initial = 3',
      'cars_arrived = 2',
      'total_cars = cars_initial + cars_arrived',
      'result = total_cars',
    ],
  ],
  [
    'There are 15 trees in the grove. Grove workers will plant trees in the grove today. After they are done, there will be 21 trees. How many trees did the grove workers plant today?',
    [
      'trees_initial = 15',
      'trees_after = 21',
      'trees_added = trees_after - trees_initial',
      'result = trees_added',
    ],
  ],
];

/** The marker each example and the question end with; the generation starts after the last. */
export const SOLUTION_MARKER = '# solution in Python:';

function example(question: string, body: readonly string[]): string {
  const lines = [...body, 'return result'].map((line) => `    ${line}`).join('\n');
  return `Q: ${question}\n\n${SOLUTION_MARKER}\n\n\ndef solution():\n    """${question}"""\n${lines}\n\n\n\n\n\n`;
}

const FEW_SHOT = EXAMPLES.map(([question, body]) => example(question, body)).join('');

/** The 8-shot prompt for one question. */
export function palPrompt(question: string): string {
  return `${FEW_SHOT}Q: ${question}\n\n${SOLUTION_MARKER}\n\n\n`;
}
