// Stylesheets a component imports (Vite bundles them) are nothing to a component test.
module.exports = {};
