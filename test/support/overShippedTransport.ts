// Imported first by a test file that runs other files' tests again over the transport the
// extension ships (Node's http and https, which VS Code patches inside the editor) rather than
// undici: testClient reads this when it builds each client.
process.env.AXIOM_TEST_TRANSPORT = 'node';
