// The client's tests and the fault matrix once more, over the transport the extension ships inside
// VS Code (Node's http and https; plain here, without VS Code's proxies and certificates): the
// same answers, errors, size limit, deadlines, cancellation and redirects as over undici.
import '../../support/overShippedTransport';
import './client.test';
import './errors.test';
import './retry.test';
