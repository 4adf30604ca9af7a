// Forward-mode automatic differentiation: a number that carries, next to its value, its partial
// derivatives with respect to N inputs. Arithmetic and the few functions the FSRS formulas use
// apply the chain rule, so running a formula written for a generic number type on Dual<21>
// gives the exact gradient with respect to the 21 parameters in one pass (the optimizer's
// gradients, docs/fsrs-optimizer.md), with no hand-derived derivative to get wrong.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>

namespace kioku {

template <std::size_t N>
struct Dual {
  double value = 0.0;
  std::array<double, N> partials{};

  Dual() = default;
  // A constant: every partial is 0. Implicit so that formulas can mix doubles in.
  Dual(double constant) : value(constant) {}  // NOLINT(google-explicit-constructor)

  // Input `index` of the N: its own partial is 1.
  static Dual variable(double value, std::size_t index) {
    Dual result(value);
    result.partials[index] = 1.0;
    return result;
  }
};

namespace dual_detail {

// value' = outer_derivative * inner'.
template <std::size_t N>
Dual<N> chain(double value, double outer_derivative, const Dual<N>& inner) {
  Dual<N> result(value);
  for (std::size_t i = 0; i < N; ++i) result.partials[i] = outer_derivative * inner.partials[i];
  return result;
}

}  // namespace dual_detail

template <std::size_t N>
Dual<N> operator+(const Dual<N>& a, const Dual<N>& b) {
  Dual<N> result(a.value + b.value);
  for (std::size_t i = 0; i < N; ++i) result.partials[i] = a.partials[i] + b.partials[i];
  return result;
}

template <std::size_t N>
Dual<N> operator-(const Dual<N>& a, const Dual<N>& b) {
  Dual<N> result(a.value - b.value);
  for (std::size_t i = 0; i < N; ++i) result.partials[i] = a.partials[i] - b.partials[i];
  return result;
}

template <std::size_t N>
Dual<N> operator-(const Dual<N>& a) {
  return dual_detail::chain(-a.value, -1.0, a);
}

template <std::size_t N>
Dual<N> operator*(const Dual<N>& a, const Dual<N>& b) {
  Dual<N> result(a.value * b.value);
  for (std::size_t i = 0; i < N; ++i) {
    result.partials[i] = a.partials[i] * b.value + a.value * b.partials[i];
  }
  return result;
}

template <std::size_t N>
Dual<N> operator/(const Dual<N>& a, const Dual<N>& b) {
  const double quotient = a.value / b.value;
  Dual<N> result(quotient);
  for (std::size_t i = 0; i < N; ++i) {
    result.partials[i] = (a.partials[i] - quotient * b.partials[i]) / b.value;
  }
  return result;
}

// Mixed with plain doubles (constants): cheaper than promoting the double to a Dual.
template <std::size_t N>
Dual<N> operator+(const Dual<N>& a, double b) {
  Dual<N> result = a;
  result.value += b;
  return result;
}
template <std::size_t N>
Dual<N> operator+(double a, const Dual<N>& b) {
  return b + a;
}
template <std::size_t N>
Dual<N> operator-(const Dual<N>& a, double b) {
  return a + (-b);
}
template <std::size_t N>
Dual<N> operator-(double a, const Dual<N>& b) {
  return dual_detail::chain(a - b.value, -1.0, b);
}
template <std::size_t N>
Dual<N> operator*(const Dual<N>& a, double b) {
  return dual_detail::chain(a.value * b, b, a);
}
template <std::size_t N>
Dual<N> operator*(double a, const Dual<N>& b) {
  return b * a;
}
template <std::size_t N>
Dual<N> operator/(const Dual<N>& a, double b) {
  return dual_detail::chain(a.value / b, 1.0 / b, a);
}
template <std::size_t N>
Dual<N> operator/(double a, const Dual<N>& b) {
  const double quotient = a / b.value;
  return dual_detail::chain(quotient, -quotient / b.value, b);
}

// Comparisons look at values only: the branches of a formula (clamps, min, max) pick a piece,
// and the derivative is that piece's.
template <std::size_t N>
bool operator<(const Dual<N>& a, const Dual<N>& b) {
  return a.value < b.value;
}

template <std::size_t N>
Dual<N> exp(const Dual<N>& a) {
  const double value = std::exp(a.value);
  return dual_detail::chain(value, value, a);
}

template <std::size_t N>
Dual<N> log(const Dual<N>& a) {
  return dual_detail::chain(std::log(a.value), 1.0 / a.value, a);
}

// base^exponent with both varying: d = base^exponent * (exponent' ln base + exponent base'/base).
template <std::size_t N>
Dual<N> pow(const Dual<N>& base, const Dual<N>& exponent) {
  const double value = std::pow(base.value, exponent.value);
  const double log_base = std::log(base.value);
  Dual<N> result(value);
  for (std::size_t i = 0; i < N; ++i) {
    result.partials[i] =
        value * (exponent.partials[i] * log_base + exponent.value * base.partials[i] / base.value);
  }
  return result;
}

template <std::size_t N>
Dual<N> pow(const Dual<N>& base, double exponent) {
  const double value = std::pow(base.value, exponent);
  return dual_detail::chain(value, exponent * std::pow(base.value, exponent - 1.0), base);
}

template <std::size_t N>
Dual<N> pow(double base, const Dual<N>& exponent) {
  const double value = std::pow(base, exponent.value);
  return dual_detail::chain(value, value * std::log(base), exponent);
}

}  // namespace kioku
