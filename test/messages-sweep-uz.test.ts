/** No English reaches a reader of uz: test/messages-sweep-kit.ts walks every refusal the server can give. */
import { englishDetectorTest, sweepIn } from './messages-sweep-kit';

englishDetectorTest();
sweepIn('uz', 34);
