/**
 * Registry integrity: every registered task (iterated dynamically, so tasks added later are
 * covered without editing this file) loads its data and has a pinned first prompt. That its
 * reference solutions pass and a wrong program fails in the real sandbox is checked by the
 * registry-run-*.test.ts files.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tasks } from './index.js';
import {
  namesOf,
  problemsOf,
  SHARDS,
  type ShardName,
  shardOf,
} from './registry-run.test-helpers.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * sha256 prefixes of the first problem's prompt (and, for tasks with one, its chat
 * instruction): a change in the data, the prompt building or the instruction wording shows
 * here without copying benchmark text into the repository. A new task fails until it is added.
 */
const GOLDEN: Record<string, { prompt: string; instruction?: string; chat?: string }> = {
  'aider-polyglot': { prompt: 'e4045345841b55d0', chat: '5e36dcd91593ab7d' },
  'aider-polyglot-cpp': { prompt: 'e4045345841b55d0', chat: '5e36dcd91593ab7d' },
  'aider-polyglot-cpp:whole': { prompt: 'e4045345841b55d0', chat: '915e699ba44bf107' },
  'aider-polyglot-go': { prompt: 'c30d33f3e61f2402', chat: '632fa73e1158cfdd' },
  'aider-polyglot-go:whole': { prompt: 'c30d33f3e61f2402', chat: 'e14919656bce64ce' },
  'aider-polyglot-java': { prompt: '59bc8df0b79f5399', chat: '36275288b73c219e' },
  'aider-polyglot-java:whole': { prompt: '59bc8df0b79f5399', chat: '0a4f17c3017ba583' },
  'aider-polyglot-javascript': { prompt: '5cb823dc744cebcb', chat: '2c70a040f07ac62e' },
  'aider-polyglot-javascript:whole': { prompt: '5cb823dc744cebcb', chat: '2fbeecd51e64eaa9' },
  'aider-polyglot-python': { prompt: 'b6dc095aa1bd5362', chat: 'abb48f491adb0e9d' },
  'aider-polyglot-python:whole': { prompt: 'b6dc095aa1bd5362', chat: 'b746ba13ce15a8b8' },
  'aider-polyglot-rust': { prompt: 'ea09edcd25246f33', chat: '7623505e17304b0f' },
  'aider-polyglot-rust:whole': { prompt: 'ea09edcd25246f33', chat: 'c6a0208f8bf587a8' },
  'aider-polyglot:whole': { prompt: 'e4045345841b55d0', chat: '915e699ba44bf107' },
  classeval: { prompt: '97cb56d0be7dfbc2', instruction: '33ac397e8bd4fba8' },
  'classeval-incremental': { prompt: '5a65194d12df61ad', instruction: '6a51bdac00403981' },
  'classeval-compositional': { prompt: 'f3253bf77cd0499c', instruction: '2dd14fc687f4673c' },
  'cruxeval-i': { prompt: '953438ca5b2b7565', instruction: '953438ca5b2b7565' },
  'cruxeval-i-cot': { prompt: '82e17f0e12b6a754', instruction: '82e17f0e12b6a754' },
  'cruxeval-o': { prompt: '90e335aea5408079', instruction: '90e335aea5408079' },
  'cruxeval-o-cot': { prompt: '940bc7e904960cf6', instruction: '940bc7e904960cf6' },
  'cruxeval-x-cpp-input': { prompt: 'f230ba305f81eb19', chat: 'eb4a344d783b15ff' },
  'cruxeval-x-cpp-output': { prompt: '24d5501400ecc089', chat: '765c76e6949cda28' },
  'cruxeval-x-csharp-input': { prompt: '0c5d31d1cf09c34b', chat: '15351e0f3ada4df2' },
  'cruxeval-x-csharp-output': { prompt: '702971c0f6a242fe', chat: '188dc70265c866e2' },
  'cruxeval-x-d-input': { prompt: 'df58331305957a5f', chat: 'f29dc0348279e310' },
  'cruxeval-x-d-output': { prompt: '8980edd2582c011a', chat: 'aecce1707077ae6d' },
  'cruxeval-x-go-input': { prompt: 'e835e88c1bdcaa9e', chat: '0eebab5607a33b8e' },
  'cruxeval-x-go-output': { prompt: 'cc9007d0227dd481', chat: '825c87a448d3740e' },
  'cruxeval-x-java-input': { prompt: 'af112612824bfebe', chat: '4ab2700ea861037e' },
  'cruxeval-x-java-output': { prompt: '15453b9c48b17aba', chat: 'af3eafe91af56bb7' },
  'cruxeval-x-javascript-input': { prompt: '8404f8a757b180c4', chat: '50beda406edd999e' },
  'cruxeval-x-javascript-output': { prompt: 'bef632d6164ce718', chat: 'c63276fc798b4ae8' },
  'cruxeval-x-lua-input': { prompt: 'a21a543efea2e5d4', chat: '6d04d7c7d6858716' },
  'cruxeval-x-lua-output': { prompt: '1c62a9be828d01cc', chat: 'b107547f24e14d8e' },
  'cruxeval-x-perl-input': { prompt: '39da9ec0e1296a6f', chat: 'c146a702fd1b9721' },
  'cruxeval-x-perl-output': { prompt: '9e736c65e7a21cac', chat: 'dc33a3cf24f921f8' },
  'cruxeval-x-php-input': { prompt: '8189e134813f7586', chat: '5787567ed56ba32f' },
  'cruxeval-x-php-output': { prompt: '69febaaa4e1279a3', chat: '2aed7b4db8ecb825' },
  'cruxeval-x-python-input': { prompt: 'adc59f9d3f38f0f5', chat: '754cc0d1b2e47df2' },
  'cruxeval-x-python-output': { prompt: '4d3a965cb967a858', chat: '626f28909ccd4a19' },
  'cruxeval-x-r-input': { prompt: '1a5bb764044eb24d', chat: '0ced317baef4c38e' },
  'cruxeval-x-r-output': { prompt: '2e02404eb54feb99', chat: '569df21e912fff7d' },
  'cruxeval-x-racket-input': { prompt: 'e09a90e58bcb2e6e', chat: 'aa18e67b447d7e0f' },
  'cruxeval-x-racket-output': { prompt: 'aea587a7203a35cc', chat: 'a840bbded19c9692' },
  'cruxeval-x-ruby-input': { prompt: 'cbaf665d37c5edea', chat: '63830f75f8f37267' },
  'cruxeval-x-ruby-output': { prompt: '9bc299f64a01398f', chat: 'd49e39fd04a1fbc2' },
  'cruxeval-x-rust-input': { prompt: '9b521944753950ac', chat: 'f0405551d58b7f56' },
  'cruxeval-x-rust-output': { prompt: '2babba3008968054', chat: '71d1a878666d5edc' },
  'cruxeval-x-scala-input': { prompt: 'e91da8092ea92096', chat: '9105552d8b0f7bfa' },
  'cruxeval-x-scala-output': { prompt: '7cbf1b3f3742c78b', chat: '2c57252cd96ce7a9' },
  'cruxeval-x-shell-input': { prompt: 'fade9c09fe45cca1', chat: '7642f6ab6005f51e' },
  'cruxeval-x-shell-output': { prompt: '4743d8280b11f28a', chat: 'bfc706992cee6b74' },
  'cruxeval-x-typescript-input': { prompt: 'fdbc1f53da8c5715', chat: 'ed88d9c567627ac2' },
  'cruxeval-x-typescript-output': { prompt: '2024fa9f6824f712', chat: 'f3356b29742b60e1' },
  humaneval: { prompt: 'd1e09adbe4cac827' },
  'humaneval-impossible': { prompt: '82abdab65794a5ab' },
  'humaneval-pro': { prompt: 'dbc1dd754c0b7dbb', instruction: '36bb0c7689906441' },
  'humaneval-infilling-multi-line': { prompt: '9f52ddbd7e78782a' },
  'humaneval-infilling-multi-line:codellama': { prompt: 'bb57fa699a30e70e' },
  'humaneval-infilling-multi-line:deepseek': { prompt: '881c076b940d188d' },
  'humaneval-infilling-multi-line:qwen': { prompt: 'b4b5f8d9ad890269' },
  'humaneval-infilling-multi-line:santacoder': { prompt: '5f3ef94dcfc30fa8' },
  'humaneval-infilling-random-span': { prompt: '7d762b0f1fadf2d7' },
  'humaneval-infilling-random-span-light': { prompt: 'dfd4e3442e32d564' },
  'humaneval-infilling-random-span-light:codellama': { prompt: 'fe8b26c77518456d' },
  'humaneval-infilling-random-span-light:deepseek': { prompt: '7051058cc1384e76' },
  'humaneval-infilling-random-span-light:qwen': { prompt: '4d80ff925dfcdf37' },
  'humaneval-infilling-random-span-light:santacoder': { prompt: '090a12f6a031d740' },
  'humaneval-infilling-random-span:codellama': { prompt: '5d643e113ec15998' },
  'humaneval-infilling-random-span:deepseek': { prompt: 'da68eb33acd47d38' },
  'humaneval-infilling-random-span:qwen': { prompt: '2df98e5f122bdf9f' },
  'humaneval-infilling-random-span:santacoder': { prompt: '81ab765749aa7a3b' },
  'humaneval-infilling-single-line': { prompt: '9f52ddbd7e78782a' },
  'humaneval-infilling-single-line:codellama': { prompt: 'bb57fa699a30e70e' },
  'humaneval-infilling-single-line:deepseek': { prompt: '881c076b940d188d' },
  'humaneval-infilling-single-line:qwen': { prompt: 'b4b5f8d9ad890269' },
  'humaneval-infilling-single-line:santacoder': { prompt: '5f3ef94dcfc30fa8' },
  'humaneval-instruct': { prompt: '00b2e074e127a6a9', instruction: '8149856e2ec6aaec' },
  'humaneval-unstripped': { prompt: '00b2e074e127a6a9' },
  'humaneval-x-cpp': { prompt: 'ca8eb43a7dccbd0f' },
  'humaneval-x-go': { prompt: '11f8ba7c212b3973' },
  'humaneval-x-java': { prompt: '78d060747a56787e' },
  'humaneval-x-js': { prompt: '8400040c0c9ea2b9' },
  'humaneval-x-rust': { prompt: 'aeb4e613ca622e82' },
  'humanevalexplaindescribe-cpp': { prompt: 'b41c0ddedf85afc9' },
  'humanevalexplaindescribe-go': { prompt: 'cb090b7dc33f1857' },
  'humanevalexplaindescribe-java': { prompt: 'c400cb49b59eed8c' },
  'humanevalexplaindescribe-js': { prompt: '0839480672436e03' },
  'humanevalexplaindescribe-python': { prompt: '62728d83960a5d76' },
  'humanevalexplaindescribe-rust': { prompt: '16d871d932150a20' },
  'humanevalexplainsynthesize-cpp': { prompt: '3a1dd8066436c766' },
  'humanevalexplainsynthesize-go': { prompt: '23a2fb8edd8bfd5c' },
  'humanevalexplainsynthesize-java': { prompt: 'b3ba2ae13f78b7ec' },
  'humanevalexplainsynthesize-js': { prompt: '60f218f8bd7bf506' },
  'humanevalexplainsynthesize-python': { prompt: '893433470b972a44' },
  'humanevalexplainsynthesize-rust': { prompt: '6de760d7578087ff' },
  'humanevalfixdocs-cpp': { prompt: '460454a9e2a3401e' },
  'humanevalfixdocs-go': { prompt: '05f4dfcb8aa7ae88' },
  'humanevalfixdocs-java': { prompt: '1ace9a5d703ef64e' },
  'humanevalfixdocs-js': { prompt: 'c0b0f5f519ee4414' },
  'humanevalfixdocs-python': { prompt: 'a3335c7cbde19778' },
  'humanevalfixdocs-rust': { prompt: '43e1449431d483d1' },
  'humanevalfixtests-cpp': { prompt: 'e3a1077cfb927ea9' },
  'humanevalfixtests-go': { prompt: '65d2c829958f49b7' },
  'humanevalfixtests-java': { prompt: 'fb8279ee3559f16d' },
  'humanevalfixtests-js': { prompt: '7907c3ac1fbc1394' },
  'humanevalfixtests-python': { prompt: 'ee016fb7665458ed' },
  'humanevalfixtests-rust': { prompt: 'fc785a963da5c353' },
  'humanevalsynthesize-cpp': { prompt: 'cbe950ef303f827c' },
  'humanevalsynthesize-go': { prompt: '4ff7705c4a8bd22d' },
  'humanevalsynthesize-java': { prompt: '4fca91baccfa3094' },
  'humanevalsynthesize-js': { prompt: 'b7ffee41d60f550f' },
  'humanevalsynthesize-python': { prompt: '40e77f5dff1b8080' },
  'humanevalsynthesize-rust': { prompt: '2383f4aea1fc7f09' },
  humanevalplus: { prompt: 'd1e09adbe4cac827', instruction: '0a4736de050e7604' },
  'humanevalplus-unstripped': { prompt: '00b2e074e127a6a9', instruction: '0a4736de050e7604' },
  // On test/fixtures/instruct-protocol-mini.jsonl (see FIXTURE_DATA).
  'instruct-humaneval': { prompt: '708f22afb4d1c551' },
  'instruct-humaneval-nocontext': { prompt: 'c84e362d75f3e026' },
  mbppplus: { prompt: '98f13d4c849923f5', instruction: '9724243dda2e412b' },
  'humanevalplus-inprocess': { prompt: 'd1e09adbe4cac827', instruction: '0a4736de050e7604' },
  'mbppplus-inprocess': { prompt: '98f13d4c849923f5', instruction: '9724243dda2e412b' },
  // ReCode: the first problem is nominal HumanEval/0, stripped as bigcode's recode.py does.
  'perturbed-humaneval-format-num_seeds_1': { prompt: 'd1e09adbe4cac827' },
  'perturbed-humaneval-format-num_seeds_5': { prompt: 'd1e09adbe4cac827' },
  'perturbed-humaneval-format-num_seeds_10': { prompt: 'd1e09adbe4cac827' },
  'perturbed-humaneval-func_name-num_seeds_1': { prompt: 'd1e09adbe4cac827' },
  'perturbed-humaneval-func_name-num_seeds_5': { prompt: 'd1e09adbe4cac827' },
  'perturbed-humaneval-func_name-num_seeds_10': { prompt: 'd1e09adbe4cac827' },
  'perturbed-humaneval-natgen-num_seeds_1': { prompt: 'd1e09adbe4cac827' },
  'perturbed-humaneval-natgen-num_seeds_5': { prompt: 'd1e09adbe4cac827' },
  'perturbed-humaneval-natgen-num_seeds_10': { prompt: 'd1e09adbe4cac827' },
  'perturbed-humaneval-nlaugmenter-num_seeds_1': { prompt: 'd1e09adbe4cac827' },
  'perturbed-humaneval-nlaugmenter-num_seeds_5': { prompt: 'd1e09adbe4cac827' },
  'perturbed-humaneval-nlaugmenter-num_seeds_10': { prompt: 'd1e09adbe4cac827' },
  quixbugs: { prompt: '58f8759b0886fcce' },
  mbpp: { prompt: 'ce3265aa1927ddc7' },
  'mbpp-impossible': { prompt: 'c8f8d14143701629' },
  'mceval-c': { prompt: '2bdf1257db3fa195', instruction: 'fae2b888894e1697' },
  'mceval-python': { prompt: '17cb6e64a9a355be', instruction: '38ab499c7b35f0ab' },
  'mceval-tcl': { prompt: 'c951ad70727a6365', instruction: '09b32d655a7d6b77' },
  'mceval-fortran': { prompt: '58e1496801b8aaed', instruction: '6cd6185fc9494d01' },
  'mceval-pascal': { prompt: '8e5a9cd810fec03c', instruction: 'd9846c167d425e46' },
  'mceval-lisp': { prompt: 'c7f369dccbf1aec3', instruction: '4b5b218bc680698a' },
  'mceval-cpp': { prompt: 'e3396aadd987d29f', instruction: 'a1c31f38e8593f0b' },
  'mceval-java': { prompt: '826003d91d56fbb1', instruction: '35a16082a9b323cd' },
  'mceval-go': { prompt: '1a966187ed03f36f', instruction: '97b3d36e2956ee5a' },
  'mceval-rust': { prompt: 'd84981c4794bd727', instruction: 'cf121a06c792a58b' },
  'mceval-csharp': { prompt: '7342ef85b97a0ea9', instruction: '4ddda62c168547bd' },
  'mceval-scala': { prompt: '1241c98d0595252a', instruction: '714db686fe32756b' },
  'mceval-javascript': { prompt: '0ac6170b329fff87', instruction: 'd6fe6fd9bfd3fd78' },
  'mceval-typescript': { prompt: 'a779adeb4a119306', instruction: '4d3f50d5acba2701' },
  'mceval-php': { prompt: '81783ab2557c5b27', instruction: 'ba86dab862a70ed8' },
  'mceval-ruby': { prompt: 'd5a66e80baf6ccd3', instruction: 'a1464ef3528eebab' },
  'mceval-lua': { prompt: 'c96bf610cdd3a55f', instruction: 'dfbd9969102ef0e1' },
  'mceval-perl': { prompt: 'ee469e539aba843c', instruction: '71ede290b223f3bd' },
  'mceval-r': { prompt: '70f0d432edc7efcc', instruction: '01672358887ede20' },
  'mceval-racket': { prompt: 'cf243d335a01d09a', instruction: 'c1f30cdc74203b51' },
  'mceval-shell': { prompt: '784ffc5250eb0c19', instruction: '2db043d99c7ac7e6' },
  'mceval-scheme': { prompt: '70adb69e52dc2672', instruction: '3216e71294998e1b' },
  'mceval-coffeescript': { prompt: '1ee9ff57e8d9a436', instruction: 'fd139ffbb572334b' },
  'mceval-elisp': { prompt: 'a5e983b73bdba70e', instruction: 'ea480134160e7a3d' },
  'mceval-vimscript': { prompt: 'a02a7be56b2022d4', instruction: '418a3a1e6233b98d' },
  'mceval-erlang': { prompt: '98490cb5eb4abf2d', instruction: '2a90d57db439c440' },
  'mceval-elixir': { prompt: '35bde7bef38e07b6', instruction: '3abd7f2b9d847e43' },
  'mceval-haskell': { prompt: '7e2fc2005ae19787', instruction: '5573ed35b1308b14' },
  'mceval-groovy': { prompt: '396ba453086124c7', instruction: '0aed15a079bf9fe2' },
  'mceval-kotlin': { prompt: '7a28e4fed5293404', instruction: '4fa6fd80291c66e2' },
  'mbpp-pro': { prompt: 'bf5f41e34af5d8ab', instruction: '8c3ab578fc6eab9e' },
  'bigcodebench-lite-pro': { prompt: '3b5dda6499ea6252', instruction: 'bb4a5f1a09219053' },
  'pal-gsm8k-greedy': { prompt: 'a91f3758f19b06ea' },
  'pal-gsm8k-majority_voting': { prompt: 'a91f3758f19b06ea' },
  'mbpp-instruct': { prompt: 'ce3265aa1927ddc7', instruction: '4a18f4025a4c38f5' },
  'multipl-e-cpp': { prompt: '0dfdd6a18b12333d' },
  'multipl-e-go': { prompt: 'cafd443f178f15fe' },
  'multipl-e-java': { prompt: '7c14e43844dc864b' },
  'multipl-e-js': { prompt: '0f43f29d3863cd2a' },
  'multipl-e-rs': { prompt: '55f216c22328f124' },
  'multipl-e-sh': { prompt: 'a4597488847bf7db' },
  'multipl-e-ts': { prompt: 'ffe6934adc544a0d' },
  // bigcode names (bigcode-names.ts): their targets' prompts.
  'multiple-cpp': { prompt: '0dfdd6a18b12333d' },
  'multiple-go': { prompt: 'cafd443f178f15fe' },
  'multiple-java': { prompt: '7c14e43844dc864b' },
  'multiple-js': { prompt: '0f43f29d3863cd2a' },
  'multiple-rs': { prompt: '55f216c22328f124' },
  'multiple-sh': { prompt: 'a4597488847bf7db' },
  'multiple-ts': { prompt: 'ffe6934adc544a0d' },
  // MultiPL-E's other languages (issue 17) and their bigcode names.
  'multipl-e-php': { prompt: '69db103159b1c1e5' },
  'multiple-php': { prompt: '69db103159b1c1e5' },
  'multipl-e-rb': { prompt: '5d42729daf1962af' },
  'multiple-rb': { prompt: '5d42729daf1962af' },
  'multipl-e-lua': { prompt: '26c9ea5be62b9b42' },
  'multiple-lua': { prompt: '26c9ea5be62b9b42' },
  'multipl-e-pl': { prompt: 'f85fa863b8a776ac' },
  'multiple-pl': { prompt: 'f85fa863b8a776ac' },
  'multipl-e-r': { prompt: '45a60a88ac74510c' },
  'multiple-r': { prompt: '45a60a88ac74510c' },
  'multipl-e-rkt': { prompt: '1940f46f91c0d205' },
  'multiple-rkt': { prompt: '1940f46f91c0d205' },
  'multipl-e-scala': { prompt: '9782d924886d4eb4' },
  'multiple-scala': { prompt: '9782d924886d4eb4' },
  'multipl-e-cs': { prompt: '884b3aac38904158' },
  'multiple-cs': { prompt: '884b3aac38904158' },
  'multipl-e-d': { prompt: '68305c0b1593fa38' },
  'multiple-d': { prompt: '68305c0b1593fa38' },
  'leetcode-contest': { prompt: 'fefe5d97bc824efb', instruction: 'ffd6bebddf5b2504' },
  // The fixture tree's problem (registry-run.test-helpers.ts FIXTURE_DATA), as built here.
  'library-checker': { prompt: '79c1a0c6717c2155', instruction: 'b9b041aa4f677dfc' },
  'library-checker-python': { prompt: '79c1a0c6717c2155', instruction: 'd392e029c3191134' },
  // On test/fixtures/stdio-problems.jsonl (see FIXTURE_DATA).
  stdio: { prompt: 'cec8c3aef102d8a1', instruction: 'd03eb3426976a39d' },
  // DS-1000: the first problem of each selection (Matplotlib's insertion prompt is its completion one).
  ds1000: { prompt: '508aa85fcb602f6a', instruction: '508aa85fcb602f6a' },
  'ds1000-insertion': { prompt: 'ef67d5720de7939f', instruction: '508aa85fcb602f6a' },
  'ds1000-insertion:codellama': { prompt: 'ee8e323cb712b9af', instruction: '508aa85fcb602f6a' },
  'ds1000-insertion:deepseek': { prompt: '55c079a672fae97d', instruction: '508aa85fcb602f6a' },
  'ds1000-insertion:qwen': { prompt: 'e7e60aab83620641', instruction: '508aa85fcb602f6a' },
  'ds1000-insertion:santacoder': { prompt: '997fbec4e9dec892', instruction: '508aa85fcb602f6a' },
  'ds1000-matplotlib': { prompt: 'a14e295392eaab8a', instruction: 'a14e295392eaab8a' },
  'ds1000-matplotlib-insertion': { prompt: 'a14e295392eaab8a', instruction: 'a14e295392eaab8a' },
  'ds1000-matplotlib-insertion:codellama': {
    prompt: 'a14e295392eaab8a',
    instruction: 'a14e295392eaab8a',
  },
  'ds1000-matplotlib-insertion:deepseek': {
    prompt: 'a14e295392eaab8a',
    instruction: 'a14e295392eaab8a',
  },
  'ds1000-matplotlib-insertion:qwen': {
    prompt: 'a14e295392eaab8a',
    instruction: 'a14e295392eaab8a',
  },
  'ds1000-matplotlib-insertion:santacoder': {
    prompt: 'a14e295392eaab8a',
    instruction: 'a14e295392eaab8a',
  },
  'ds1000-numpy': { prompt: '41af4709fc76082d', instruction: '41af4709fc76082d' },
  'ds1000-numpy-insertion': { prompt: '75d1f4e5634f6a7d', instruction: '41af4709fc76082d' },
  'ds1000-numpy-insertion:codellama': {
    prompt: 'c2b7ce70162051f5',
    instruction: '41af4709fc76082d',
  },
  'ds1000-numpy-insertion:deepseek': {
    prompt: '330d50a2512cbaaf',
    instruction: '41af4709fc76082d',
  },
  'ds1000-numpy-insertion:qwen': { prompt: '08350dbc326a0b27', instruction: '41af4709fc76082d' },
  'ds1000-numpy-insertion:santacoder': {
    prompt: 'e374e795ae93477c',
    instruction: '41af4709fc76082d',
  },
  'ds1000-pandas': { prompt: '508aa85fcb602f6a', instruction: '508aa85fcb602f6a' },
  'ds1000-pandas-insertion': { prompt: 'ef67d5720de7939f', instruction: '508aa85fcb602f6a' },
  'ds1000-pandas-insertion:codellama': {
    prompt: 'ee8e323cb712b9af',
    instruction: '508aa85fcb602f6a',
  },
  'ds1000-pandas-insertion:deepseek': {
    prompt: '55c079a672fae97d',
    instruction: '508aa85fcb602f6a',
  },
  'ds1000-pandas-insertion:qwen': { prompt: 'e7e60aab83620641', instruction: '508aa85fcb602f6a' },
  'ds1000-pandas-insertion:santacoder': {
    prompt: '997fbec4e9dec892',
    instruction: '508aa85fcb602f6a',
  },
  'ds1000-pytorch': { prompt: 'cc94a156ded15b52', instruction: 'cc94a156ded15b52' },
  'ds1000-pytorch-insertion': { prompt: '09390cd766f86acf', instruction: 'cc94a156ded15b52' },
  'ds1000-pytorch-insertion:codellama': {
    prompt: '6249b63388aab796',
    instruction: 'cc94a156ded15b52',
  },
  'ds1000-pytorch-insertion:deepseek': {
    prompt: '36cf08e455bc42d5',
    instruction: 'cc94a156ded15b52',
  },
  'ds1000-pytorch-insertion:qwen': { prompt: 'c1c6584f92ce5490', instruction: 'cc94a156ded15b52' },
  'ds1000-pytorch-insertion:santacoder': {
    prompt: 'f31778c014610f62',
    instruction: 'cc94a156ded15b52',
  },
  'ds1000-scipy': { prompt: 'd22055803b966d08', instruction: 'd22055803b966d08' },
  'ds1000-scipy-insertion': { prompt: '1266e45063ce971f', instruction: 'd22055803b966d08' },
  'ds1000-scipy-insertion:codellama': {
    prompt: '5591b49690d60819',
    instruction: 'd22055803b966d08',
  },
  'ds1000-scipy-insertion:deepseek': {
    prompt: '58ca5056da0c2c8d',
    instruction: 'd22055803b966d08',
  },
  'ds1000-scipy-insertion:qwen': { prompt: '0dbf0ab2f8d30fa6', instruction: 'd22055803b966d08' },
  'ds1000-scipy-insertion:santacoder': {
    prompt: 'ef7e82f29a92783b',
    instruction: 'd22055803b966d08',
  },
  'ds1000-sklearn': { prompt: '4877d245f6c7a263', instruction: '4877d245f6c7a263' },
  'ds1000-sklearn-insertion': { prompt: 'e66fab99a23dae30', instruction: '4877d245f6c7a263' },
  'ds1000-sklearn-insertion:codellama': {
    prompt: '38e9198f5da52f35',
    instruction: '4877d245f6c7a263',
  },
  'ds1000-sklearn-insertion:deepseek': {
    prompt: '83c26e45a9cce3e6',
    instruction: '4877d245f6c7a263',
  },
  'ds1000-sklearn-insertion:qwen': { prompt: '1df3948b9d36c4c9', instruction: '4877d245f6c7a263' },
  'ds1000-sklearn-insertion:santacoder': {
    prompt: 'fb7505dddc9e2c3f',
    instruction: '4877d245f6c7a263',
  },
  'ds1000-tensorflow': { prompt: '1511e7c43b199d63', instruction: '1511e7c43b199d63' },
  'ds1000-tensorflow-insertion': { prompt: 'aed50ae2317afa0f', instruction: '1511e7c43b199d63' },
  'ds1000-tensorflow-insertion:codellama': {
    prompt: '761e09eb4263caf4',
    instruction: '1511e7c43b199d63',
  },
  'ds1000-tensorflow-insertion:deepseek': {
    prompt: '9172dab082fcd50c',
    instruction: '1511e7c43b199d63',
  },
  'ds1000-tensorflow-insertion:qwen': {
    prompt: '78a5e728e912bf1f',
    instruction: '1511e7c43b199d63',
  },
  'ds1000-tensorflow-insertion:santacoder': {
    prompt: 'e010a41240d15aaf',
    instruction: '1511e7c43b199d63',
  },
  // BigCodeBench: upstream's chat message (instruction prefix, then the prompt).
  'bigcodebench-complete': { prompt: 'a92ca87b5ec7504d', instruction: '0c0ecadcd3995b58' },
  'bigcodebench-complete-v0.1.0_hf': {
    prompt: 'a92ca87b5ec7504d',
    instruction: '0c0ecadcd3995b58',
  },
  'bigcodebench-instruct': { prompt: '83813e5096561a3a', instruction: '4feb3ca399c73a60' },
  'bigcodebench-instruct-v0.1.0_hf': {
    prompt: '83813e5096561a3a',
    instruction: '4feb3ca399c73a60',
  },
  'bigcodebench-hard-complete': { prompt: '3b02d91e71cf17cb', instruction: '9ef6732fb20c9bfb' },
  'bigcodebench-hard-instruct': { prompt: 'cac7afe7562bd55d', instruction: '43aa32d1f0fc3939' },
};

describe('GOLDEN', () => {
  it('pins only registered tasks (a task dropped from its family is noticed)', () => {
    const registered = new Set(tasks.names());
    expect(Object.keys(GOLDEN).filter((name) => !registered.has(name))).toEqual([]);
  });
});

describe.each(tasks.names())('registered task %s', (name) => {
  it('loads, has unique ids and pins the first prompt', async () => {
    const { task, problems } = await problemsOf(name);
    expect(task.name).toBe(name);
    expect(problems.length).toBeGreaterThan(0);
    expect(new Set(problems.map((p) => p.id)).size).toBe(problems.length);
    const first = problems[0]!;
    const actual = {
      prompt: sha(first.prompt),
      ...(task.instructionPrompt ? { instruction: sha(task.instructionPrompt(first)) } : {}),
      ...(task.chatMessages ? { chat: sha(JSON.stringify(task.chatMessages(first))) } : {}),
    };
    expect(GOLDEN[name], `add to GOLDEN: '${name}': ${JSON.stringify(actual)}`).toEqual(actual);
  });
});

// Each task's reference run (its reference solutions pass and a wrong program fails, in the
// real sandbox) is in the registry-run-*.test.ts files, split by cost to run side by side.
describe('the registry-run shards', () => {
  it('run every registered task exactly once', async () => {
    const sharded = await Promise.all(Object.keys(SHARDS).map((s) => namesOf(s as ShardName)));
    expect(sharded.flat().sort()).toEqual([...tasks.names()].sort());
  });

  it('each have a test file', () => {
    for (const shard of Object.keys(SHARDS)) {
      const file = new URL(`./registry-run-${shard}.test.ts`, import.meta.url);
      expect(existsSync(file), fileURLToPath(file)).toBe(true);
    }
  });

  it('send a task no shard names to the rest', () => {
    expect(shardOf({ name: 'new-task', language: 'a-language-added-later' })).toBe('rest');
    expect(shardOf({ name: 'aider-polyglot', language: 'exercism-cpp' })).toBe('exercism-cpp');
    expect(shardOf({ name: 'ds1000-numpy', language: 'python' })).toBe('ds1000');
    expect(shardOf({ name: 'humaneval', language: 'python' })).toBe('python');
  });
});
