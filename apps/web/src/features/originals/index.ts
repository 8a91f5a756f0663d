export { FairnessVerifier } from './components/fairness-verifier';
export { OriginalGame } from './components/original-game';
