/** No English reaches a reader of ru: test/messages-sweep-kit.ts walks every refusal the server can give. */
import { sweepIn } from './messages-sweep-kit';

sweepIn('ru', 35);
