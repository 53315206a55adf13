import type { UnavailableTask } from '../family.js';
import { mcevalDataset } from './dataset.js';

/** No Debian 12 package provides the language's toolchain (checked with `apt-cache policy`). */
const noPackage = (language: string, dataName: string, sha256: string, why: string) => ({
  language,
  reason: `${why}; passk runs only toolchains from Debian (or npm) packages, so it has no ${dataName} runtime`,
  dataset: mcevalDataset(dataName, sha256),
});

/** The reply is compared with a file of McEval's repository that passk's data does not hold. */
const noReference = (language: string, dataName: string, sha256: string, file: string) => ({
  language,
  reason: `its rows hold no reference: McEval compares each reply with its repository's data/${dataName}/<n>.${file}, which the data passk reads (McEval's data/${dataName}.jsonl) does not hold`,
  dataset: mcevalDataset(dataName, sha256),
});

/**
 * McEval's languages passk cannot score on this machine, and why (`passk tasks` lists them;
 * `passk run` / `doctor --task` say it).
 */
export const MCEVAL_UNAVAILABLE: Readonly<Record<string, UnavailableTask>> = {
  'mceval-dart': noPackage(
    'dart',
    'Dart',
    'd474500657797c41f6c49aa08d525efaa42738f9ef8e416be2cb6982cdb92878',
    'Dart has no Debian 12 package (`apt-cache policy dart`: none)',
  ),
  'mceval-fsharp': noPackage(
    'fsharp',
    'F#',
    'cf2bf9480b6268d3afabb3f0068fb74a9050374749b1e98b62bf756004a887a5',
    'F# has no Debian 12 package (`apt-cache policy fsharp`: none; McEval runs it with `dotnet run`, and no .NET SDK is packaged for Debian 12)',
  ),
  'mceval-julia': noPackage(
    'julia',
    'Julia',
    '376898f539c2bc0f45f707beeba4f5abb52243af38f925afd3b6438fe3c907ab',
    'Julia has no Debian 12 package (`apt-cache policy julia`: no installation candidate)',
  ),
  'mceval-powershell': noPackage(
    'powershell',
    'PowerShell',
    '718cac2a29d09d8f607fbbe8e7f6af4297f070a1a155bf3466c14d5bc4864d07',
    'PowerShell (`pwsh`) has no Debian 12 package (`apt-cache policy powershell`: none)',
  ),
  'mceval-swift': noPackage(
    'swift',
    'Swift',
    '76a4bd09b1beca873f6f2dc0462be7dd6af3a3e4f2da66fc29ee5e726301aea0',
    "the Swift language has no Debian 12 package (`apt-cache policy swiftlang`: none; Debian's `swift` is OpenStack Swift, an object store)",
  ),
  'mceval-visualbasic': noPackage(
    'visualbasic',
    'Visual Basic',
    'ca092c086ac0e8ed94ab532d448f85798beccaf14f948f1986825497178d37d4',
    'Visual Basic has no Debian 12 compiler (`apt-cache policy mono-vbnc vbnc`: none; McEval runs it with `dotnet run`, and no .NET SDK is packaged for Debian 12)',
  ),
  'mceval-awk': {
    language: 'awk',
    reason:
      "its expected outputs are not in the data: McEval's harness makes them by running each row's reference command on the judging machine (42 of the 50 read that machine's /etc/passwd or /etc/services, 5 read McEval's data/AWK/*.txt, which passk's data does not hold) and compares the reply's output with them",
    dataset: mcevalDataset(
      'AWK',
      '8a867f9cfc4ebf87ee4916c4afe52006dc990c4a0423365b71741701389d1a7f',
    ),
  },
  'mceval-json': noReference(
    'json',
    'JSON',
    'e2f3799ea1238c9be7a4fc3d0bf2e1f90ac6dccfb3654681af8f8835e7b467b7',
    'json',
  ),
  'mceval-html': noReference(
    'html',
    'HTML',
    'd54f926de728e2e8ef1bb44b2f5105be96bf8695ec28da53df20112125baf73d',
    'html',
  ),
  'mceval-markdown': noReference(
    'markdown',
    'Markdown',
    '75b8c9d6dd1eb8dd5472e1e2007eaf7e4e55e8a67cd40bec13538b040167f1d8',
    'md',
  ),
};
