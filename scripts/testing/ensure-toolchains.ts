// Step of `npm run test:unit` (pretest:unit): the toolchains the sample tests compile and run Go, Java, C#, PHP,
// Ruby and Kotlin with, installed with apt when missing and this is root on Debian, or a one-line instruction.
import { ensureToolchains, TOOLCHAINS, type ToolchainLanguage } from './toolchains';
import { runMain } from '../../lib/build/run-main';

runMain(() => ensureToolchains(Object.keys(TOOLCHAINS) as ToolchainLanguage[]), { tag: 'samples' });
